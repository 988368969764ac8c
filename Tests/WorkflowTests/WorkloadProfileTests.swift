import Testing
import WorkloadProfiles

/// Every file in Profiles/ parses, is named after its file, and uses only
/// the event kinds its readers know (Profiles/README.md).
@Suite struct WorkloadProfileTests {
    static let knownKinds: Set<String> = [
        "firstRender", "forcedRerender", "leafSend", "noopSend",
        "create", "replaceAll", "updateEvery10th", "swapRows", "removeRow", "append", "clear", "createMany",
        "addLeaf", "removeLeaf", "propsChangeOne", "propsChangeAll", "stateChangeOne", "stateChangeAll", "tearDown",
        "send", "staleSend", "rootOutput", "updateProps", "queuedSend", "probe",
        "mainSend", "workerBurst", "observerBurst", "leafBurst",
    ]

    static let knownRoutes: Set<String> = ["outputMap", "onOutput", "mapOutput", "ignoringOutput"]

    @Test func everyProfileLoads() throws {
        let profiles = try WorkloadProfile.loadAll()
        #expect(profiles.count >= 10)
        for profile in profiles {
            #expect(["wide", "chain", "uniform", "list", "random"].contains(profile.tree.shape), "\(profile.name)")
            #expect(profile.tree.depth.min <= profile.tree.depth.max, "\(profile.name)")
            for kind in profile.events.mix.keys {
                #expect(Self.knownKinds.contains(kind), "\(profile.name): unknown event kind \(kind)")
            }
            for route in profile.tree.outputRoutes.keys {
                #expect(Self.knownRoutes.contains(route), "\(profile.name): unknown output route \(route)")
            }
        }
    }

    @Test func fuzzProfilesSetTheFuzzerFields() throws {
        for name in ["fuzz-default", "fuzz-keyed-churn", "fuzz-deep"] {
            let profile = try WorkloadProfile.load(name)
            #expect(profile.tree.optionalChildren > 0, "\(name)")
            #expect(!profile.tree.outputRoutes.isEmpty, "\(name)")
        }
    }

    @Test func aMissingProfileNamesTheFile() {
        #expect {
            _ = try WorkloadProfile.load("no-such-profile")
        } throws: { error in
            "\(error)".contains("no-such-profile.json")
        }
    }
}
