/// The keys "child-0" ... made once: building a key string inside `render`
/// would measure string formatting rather than the runtime. All are short
/// enough to be stored inline (no heap buffer).
public enum ChildKeys {
    public static let all: [String] = (0..<1_024).map { "child-\($0)" }

    @inline(__always)
    public static func key(_ index: Int) -> String { all[index] }
}

/// Counts `render` calls of the benchmark workflows, for the checks of W4
/// ("no render call"). One increment per render; read only by checks.
/// Exclusivity unchecked: a global's dynamic check costs about 60
/// instructions per render, which would be measured as the runtime's.
public enum RenderCount {
    @exclusivity(unchecked) nonisolated(unsafe) public static var value = 0
}
