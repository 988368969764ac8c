import Testing
@testable import Workflow
@testable import WorkflowDiagnostics

// The fast runtime's recorder driven directly, for what a host reaches only
// through its own release in the middle of a render.

private struct Root {}
private struct Leaf {}

@MainActor
@Suite("Render recorder")
struct RenderRecorderTests {
    @Test("D1: renders still open when their pass ends (the host released by its own code) end with it, nested as they began")
    func openRendersEndWithThePass() throws {
        let trace = RenderTrace()
        let recorder = RenderRecorder(trace: trace, rootType: Root.self)
        recorder.passWillBegin(.firstRender)
        recorder.nodeWillRender(Root.self, key: { "" }, node: 1, isRoot: true, otherwise: .new)
        recorder.nodeWillRender(Leaf.self, key: { "a" }, node: 2, isRoot: false, otherwise: .new)
        recorder.nodeDidRender()
        recorder.nodeWillRender(Leaf.self, key: { "b" }, node: 3, isRoot: false, otherwise: .new)
        recorder.passDidEnd()
        let pass = try #require(recorder.lastPass)
        #expect(pass.nodes.map(\.path) == ["Root", "Root/Leaf[a]", "Root/Leaf[b]"])
        #expect(pass.nodes.map(\.depth) == [0, 1, 1])
        let root = pass.nodes[0]
        #expect(root.inclusiveDuration == root.selfDuration + pass.nodes[1].inclusiveDuration + pass.nodes[2].inclusiveDuration)
        #expect(root.inclusiveDuration <= pass.duration)
    }
}
