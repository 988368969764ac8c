import Foundation
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

    /// The profile's `sizes` (W9, W10: the sends or observers of one op, one
    /// case each), a field of these profiles only, which `WorkloadProfile`
    /// does not decode: read from the same file.
    func sizes() throws -> [Int] {
        struct Sizes: Decodable { var sizes: [Int] }
        let file = WorkloadProfile.directory.appendingPathComponent(profile.name + ".json")
        let sizes = try JSONDecoder().decode(Sizes.self, from: Data(contentsOf: file)).sizes
        guard !sizes.isEmpty, sizes.allSatisfy({ $0 > 0 }) else {
            throw ProfileMismatch(description: "profile \(profile.name): sizes must be positive counts, got \(sizes)")
        }
        return sizes
    }
}

struct ProfileMismatch: Error, CustomStringConvertible {
    var description: String
}
