import WorkloadProfiles

/// The few numbers a workload takes from its profile, checked on the way in.
struct WorkloadProfileShape {
    var profile: WorkloadProfile
    var depth: Int { profile.tree.depth.min }
    var fanout: Int { profile.tree.fanout.min }
    var seed: UInt64 { profile.seed }

    init(_ name: String, shape: String) throws {
        profile = try WorkloadProfile.load(name)
        guard profile.tree.shape == shape else {
            throw ProfileMismatch(description: "profile \(name): tree.shape is \(profile.tree.shape), the workload needs \(shape)")
        }
    }

    /// Rejects an event kind the workload does not know (Profiles/README.md).
    func requireEvents(_ known: Set<String>) throws {
        let unknown = Set(profile.events.mix.keys).subtracting(known)
        guard unknown.isEmpty else {
            throw ProfileMismatch(description: "profile \(profile.name): unknown event kinds \(unknown.sorted())")
        }
    }
}

struct ProfileMismatch: Error, CustomStringConvertible {
    var description: String
}
