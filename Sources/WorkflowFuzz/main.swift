// workflow-fuzz: differential fuzzing of the fast runtime against the
// reference on fresh random seeds, for a given time (`make fuzz`).
//
//   workflow-fuzz [--seconds N] [--profile NAME]... [--replay SEED]
//
// `--profile` may be repeated (default: every fuzz-* profile, cases taken in
// turn). `--replay SEED` runs the one case of that seed (with the first
// profile) and prints its shrunk repro if it diverges. Prints the case rate
// every 10 s and at the end; exits 1 if any case diverged.
//
// `make fuzz` builds this in release: the point is cases per second, and the
// debug-only fault switches are for the test suite, not for this tool.

import DifferentialTesting
import Dispatch
import Foundation
import WorkloadProfiles

struct Options {
    var seconds = 600.0
    var profiles: [String] = []
    var replay: UInt64?

    init(_ arguments: [String]) {
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            switch argument {
            case "--seconds":
                guard let value = rest.popFirst().flatMap(Double.init) else { Self.usage("--seconds needs a number") }
                seconds = value
            case "--profile":
                guard let value = rest.popFirst() else { Self.usage("--profile needs a name") }
                profiles.append(value)
            case "--replay":
                guard let value = rest.popFirst().flatMap({ UInt64($0) }) else { Self.usage("--replay needs a seed") }
                replay = value
            default: Self.usage("unknown argument \(argument)")
            }
        }
    }

    static func usage(_ message: String) -> Never {
        FileHandle.standardError.write(Data("workflow-fuzz: \(message)\nusage: workflow-fuzz [--seconds N] [--profile NAME]... [--replay SEED]\n".utf8))
        exit(2)
    }
}

func say(_ text: String) {
    print(text)
    fflush(stdout)
}

@MainActor
func fuzz(_ options: Options) -> Int32 {
    let names = options.profiles.isEmpty
        ? ((try? WorkloadProfile.loadAll()) ?? []).filter { $0.workload == "fuzz" }.map(\.name)
        : options.profiles
    let generators: [CaseGenerator]
    do {
        generators = try names.map { try CaseGenerator(profileNamed: $0) }
    } catch {
        Options.usage("\(error)")
    }
    guard !generators.isEmpty else { Options.usage("no fuzz profile found in \(WorkloadProfile.directory.path)") }

    if let seed = options.replay {
        let generator = generators[0]
        CrashReport.prepare(profile: generator.profile.name, seed: seed)
        if let failure = FuzzCampaign.check(generator.makeCase(seed: seed), profile: generator.profile.name) {
            say("\(failure)")
            return 1
        }
        say("profile \(generator.profile.name), seed \(seed): no divergence")
        return 0
    }

    say("workflow-fuzz: \(names.joined(separator: ", ")) for \(Int(options.seconds)) s")
    var system = SystemRandomNumberGenerator()
    let start = DispatchTime.now()
    let end = start + options.seconds
    var nextReport = start + 10.0
    var cases = 0
    var divergences = 0
    var perProfile = [Int](repeating: 0, count: generators.count)
    var timeSpent = [UInt64](repeating: 0, count: generators.count)
    func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 }

    while DispatchTime.now() < end {
        // Each profile gets the same share of the time (their cases differ
        // in cost by 10x or more).
        let which = timeSpent.indices.min { timeSpent[$0] < timeSpent[$1] }!
        let generator = generators[which]
        let caseStart = DispatchTime.now()
        let seed = system.next()
        CrashReport.prepare(profile: generator.profile.name, seed: seed)
        // Only the first divergences are shrunk: the time is for fuzzing.
        if let failure = FuzzCampaign.check(generator.makeCase(seed: seed), profile: generator.profile.name,
                                            shrinkSeconds: divergences < 3 ? 30 : 0) {
            divergences += 1
            say(divergences <= 3 ? "\(failure)" : "DIVERGENCE — profile \(generator.profile.name), seed \(seed): \(failure.divergence)")
        }
        cases += 1
        perProfile[which] += 1
        timeSpent[which] += DispatchTime.now().uptimeNanoseconds - caseStart.uptimeNanoseconds
        if DispatchTime.now() >= nextReport {
            nextReport = nextReport + 10.0
            say(String(format: "%6.0f s: %d cases, %.1f cases/s, %d divergences", elapsed(), cases, Double(cases) / elapsed(), divergences))
        }
    }
    let counts = zip(names, perProfile).map { "\($0) \($1)" }.joined(separator: ", ")
    say(String(format: "workflow-fuzz: %d cases (%@) in %.0f s, %.1f cases/s, %d divergences found",
               cases, counts, elapsed(), Double(cases) / elapsed(), divergences))
    say("coverage: \(DifferentialRun.coverage)")
    return divergences == 0 ? 0 : 1
}

let options = Options(CommandLine.arguments)
CrashReport.install()
DispatchQueue.main.async {
    // The runtimes are main-queue confined (R22): run on the main queue.
    let status = MainActor.assumeIsolated { fuzz(options) }
    exit(status)
}
dispatchMain()
