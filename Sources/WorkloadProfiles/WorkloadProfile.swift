import Foundation

/// A workload profile: a tree shape and an event mix, read from one JSON file
/// in the repository's `Profiles/` folder. The benchmarks, the differential
/// fuzzer and `make profile` all read the same files, so a shape tuned in one
/// place is the shape measured and fuzzed everywhere. `Profiles/README.md`
/// documents every field.
public struct WorkloadProfile: Decodable, Sendable, Equatable {
    /// The file's name without `.json`, e.g. `w3-leaf-update`.
    public var name: String
    /// The workload id of `Benchmarks/README.md` (`W1` ... `W8`) or `fuzz`.
    public var workload: String
    public var summary: String
    /// The seed of every random choice made from this profile.
    public var seed: UInt64
    public var tree: TreeShape
    public var events: EventMix

    /// An inclusive range read as `{ "min": a, "max": b }`.
    public struct Bounds: Decodable, Sendable, Equatable {
        public var min: Int
        public var max: Int

        public init(min: Int, max: Int) {
            precondition(min <= max, "Bounds: min \(min) > max \(max)")
            self.min = min
            self.max = max
        }

        public var range: ClosedRange<Int> { min...max }
    }

    /// The tree: its shape and, for random shapes, the probability of each
    /// kind of node. Probabilities are in 0...1; a missing one is 0.
    public struct TreeShape: Decodable, Sendable, Equatable {
        /// `wide`, `chain`, `uniform`, `list` or `random`.
        public var shape: String
        public var depth: Bounds
        public var fanout: Bounds
        public var stateful: Double
        public var equatable: Double
        public var keyedLists: Double
        public var listChurn: Double
        public var sideEffects: Double
        public var anyWorkflow: Double
        public var mapRendering: Double
        /// Probability that a child is rendered only while its parent's state
        /// (or props) shows it, so it comes and goes (fuzzer).
        public var optionalChildren: Double
        /// Relative weights of how a child's outputs reach its parent:
        /// `outputMap`, `onOutput`, `mapOutput`, `ignoringOutput` (fuzzer).
        /// Empty means `outputMap` only.
        public var outputRoutes: [String: Double]

        enum CodingKeys: String, CodingKey {
            case shape, depth, fanout, stateful, equatable, keyedLists, listChurn,
                 sideEffects, anyWorkflow, mapRendering, optionalChildren, outputRoutes
        }

        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            shape = try c.decode(String.self, forKey: .shape)
            depth = try c.decode(Bounds.self, forKey: .depth)
            fanout = try c.decode(Bounds.self, forKey: .fanout)
            func p(_ key: CodingKeys) throws -> Double {
                let value = try c.decodeIfPresent(Double.self, forKey: key) ?? 0
                guard (0...1).contains(value) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: key, in: c,
                        debugDescription: "a probability must be in 0...1, got \(value)")
                }
                return value
            }
            stateful = try p(.stateful)
            equatable = try p(.equatable)
            keyedLists = try p(.keyedLists)
            listChurn = try p(.listChurn)
            sideEffects = try p(.sideEffects)
            anyWorkflow = try p(.anyWorkflow)
            mapRendering = try p(.mapRendering)
            optionalChildren = try p(.optionalChildren)
            outputRoutes = try c.decodeIfPresent([String: Double].self, forKey: .outputRoutes) ?? [:]
        }
    }

    /// How many events a run makes and the relative weight of each kind.
    /// Consumers name the kinds they understand and reject the others.
    public struct EventMix: Decodable, Sendable, Equatable {
        public var count: Int
        public var mix: [String: Double]

        /// The weights in a stable (sorted) order, for seeded sampling.
        public var weights: [(kind: String, weight: Double)] {
            mix.sorted { $0.key < $1.key }.map { (kind: $0.key, weight: $0.value) }
        }

        public static func == (a: EventMix, b: EventMix) -> Bool {
            a.count == b.count && a.mix == b.mix
        }
    }
}

extension WorkloadProfile {
    /// The `Profiles/` folder: `$WORKFLOW_PROFILES_DIR` if set, else the one
    /// in this source tree (found from this file's path, so it works from
    /// the root package's tests and from the nested benchmark package). The
    /// benchmark package compiles this file through a symbolic link: the
    /// link is resolved first, so the path is the one under the root's
    /// `Sources/`.
    public static var directory: URL {
        if let override = ProcessInfo.processInfo.environment["WORKFLOW_PROFILES_DIR"] {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        return URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
            .deletingLastPathComponent() // WorkloadProfiles/
            .deletingLastPathComponent() // Sources/
            .deletingLastPathComponent() // repository root
            .appendingPathComponent("Profiles", isDirectory: true)
    }

    /// Reads `Profiles/<name>.json`. The error names the file and the field.
    public static func load(_ name: String) throws -> WorkloadProfile {
        let url = directory.appendingPathComponent(name + ".json")
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw LoadError(file: url.path, reason: "cannot read it (\(error.localizedDescription))")
        }
        do {
            let profile = try JSONDecoder().decode(WorkloadProfile.self, from: data)
            guard profile.name == name else {
                throw LoadError(file: url.path, reason: "its name is \"\(profile.name)\", not \"\(name)\"")
            }
            return profile
        } catch let error as LoadError {
            throw error
        } catch {
            throw LoadError(file: url.path, reason: "\(error)")
        }
    }

    /// Every profile in the folder, sorted by name.
    public static func loadAll() throws -> [WorkloadProfile] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".json") }
            .map { String($0.dropLast(5)) }
            .sorted()
        return try names.map(load)
    }

    public struct LoadError: Error, CustomStringConvertible {
        public var file: String
        public var reason: String
        public var description: String { "workload profile \(file): \(reason)" }
    }
}
