// swift-tools-version: 6.1
import PackageDescription

// The Workflow, WorkflowDiagnostics, WorkflowReference and WorkflowConcurrency
// products depend on the Swift toolchain only (and, on Linux, OpenCombine, which stands in for
// Combine there); WorkflowTesting and the worker testing products add
// IssueReporting (and WorkflowTesting CustomDump), as upstream's do.
// The products are what a user's package depends on. The test support
// (WorkloadProfiles, WorkflowHostHarness, DifferentialTesting) is targets
// only, and so are the fuzzer and the example app: SwiftPM gives a root
// package's executable targets an executable of the target's name
// (`swift run workflow-fuzz`, `make fuzz`), which no dependent package sees.
// Benchmarks and their dependencies live in the nested package under
// Benchmarks/, which builds WorkloadProfiles and WorkflowHostHarness itself
// from their folders here (symbolic links in Benchmarks/Sources/).

/// OpenCombine, on Linux only: the targets that publish through Combine
/// import it where `Combine` cannot be imported.
let combineOnLinux: Target.Dependency = .product(
    name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux])
)

let package = Package(
    name: "FastWorkflow",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        // The public Workflow API and the fast runtime behind `WorkflowHost`.
        .library(name: "Workflow", targets: ["Workflow"]),
        // Render diagnostics: `RenderTrace`, its recorder and exporters.
        .library(name: "WorkflowDiagnostics", targets: ["WorkflowDiagnostics"]),
        // The naive reference runtime, `ReferenceWorkflowHost`: the oracle.
        .library(name: "WorkflowReference", targets: ["WorkflowReference"]),
        // `RenderTester` and `WorkflowActionTester`, for users' unit tests.
        .library(name: "WorkflowTesting", targets: ["WorkflowTesting"]),
        // `Worker`, `AsyncOperationWorker`, `AsyncSequenceWorker`.
        .library(name: "WorkflowConcurrency", targets: ["WorkflowConcurrency"]),
        // `RenderTester.expectWorker`, for users' unit tests of workflows
        // that run workers.
        .library(name: "WorkflowConcurrencyTesting", targets: ["WorkflowConcurrencyTesting"]),
        // Publisher-based `Worker`, and publishers as workflows.
        .library(name: "WorkflowCombine", targets: ["WorkflowCombine"]),
        // `RenderTester.expectWorker` and `expectPublisher`, for users' unit
        // tests of workflows that run publishers.
        .library(name: "WorkflowCombineTesting", targets: ["WorkflowCombineTesting"]),
    ],
    dependencies: [
        // Only WorkflowTesting uses these: its failures reach XCTest and
        // Swift Testing alike, with readable diffs.
        .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
        .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
        // Combine's API where Combine does not exist: Linux only (see
        // `combineOnLinux`); an Apple build links the system's Combine.
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    ],
    targets: [
        .target(name: "Workflow", dependencies: [combineOnLinux]),
        .target(name: "WorkflowDiagnostics", dependencies: ["Workflow"]),
        .target(name: "WorkflowReference", dependencies: ["Workflow", "WorkflowDiagnostics", combineOnLinux]),
        .target(
            name: "WorkflowTesting",
            dependencies: [
                "Workflow",
                .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
                // Without it, on Linux, IssueReporting cannot reach Swift
                // Testing and a failed check would only print a warning.
                .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
                .product(name: "CustomDump", package: "swift-custom-dump"),
            ]
        ),
        .target(name: "WorkflowConcurrency", dependencies: ["Workflow"]),
        .target(
            name: "WorkflowConcurrencyTesting",
            dependencies: [
                "WorkflowConcurrency",
                "WorkflowTesting",
                .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
                .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
            ]
        ),
        .target(name: "WorkflowCombine", dependencies: ["Workflow", combineOnLinux]),
        .target(
            name: "WorkflowCombineTesting",
            dependencies: [
                "WorkflowCombine",
                "WorkflowTesting",
                combineOnLinux,
                .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
                .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
            ]
        ),
        // Workload profiles (Profiles/*.json) shared by the benchmarks, the
        // differential fuzzer and `make profile` (not a product).
        .target(name: "WorkloadProfiles"),
        // What the tests, the differential tester and the benchmarks share:
        // the runtimes they choose from, one protocol over both hosts, the
        // seeded generator (not a product). Swift 5 mode: the benchmark
        // package builds the same folder in Swift 5 mode, as a Swift 5
        // client of the library.
        .target(
            name: "WorkflowHostHarness",
            dependencies: ["Workflow", "WorkflowDiagnostics", "WorkflowReference", combineOnLinux],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // Differential testing (not a product): random trees and events run
        // on the fast runtime and on the reference, compared step by step.
        // Swift 5 mode, as the harness it runs hosts through.
        .target(
            name: "DifferentialTesting",
            dependencies: [
                "Workflow", "WorkflowDiagnostics", "WorkflowReference", "WorkloadProfiles", "WorkflowHostHarness",
                combineOnLinux,
            ],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // `workflow-fuzz --seconds N [--profile NAME]`, behind `make fuzz`
        // (Swift 5 mode, as DifferentialTesting).
        .executableTarget(
            name: "workflow-fuzz",
            dependencies: ["DifferentialTesting", "WorkloadProfiles"],
            path: "Sources/WorkflowFuzz",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // The inbox example (Examples/README.md): its workflows, the app that
        // runs a scripted session, and their tests.
        .target(
            name: "InboxExample",
            dependencies: ["Workflow", "WorkflowConcurrency"],
            path: "Examples/Inbox/Sources/InboxExample"
        ),
        .executableTarget(
            name: "inbox-example",
            dependencies: ["InboxExample", "Workflow", "WorkflowReference"],
            path: "Examples/Inbox/Sources/InboxExampleApp"
        ),
        .testTarget(
            name: "InboxExampleTests",
            dependencies: [
                "InboxExample",
                "Workflow",
                "WorkflowReference",
                "WorkflowTesting",
                "WorkflowConcurrency",
                "WorkflowConcurrencyTesting",
            ],
            path: "Examples/Inbox/Tests/InboxExampleTests"
        ),
        // The runtime's own test suites stay in Swift 5 mode: they are the
        // Swift 5 client the API keeps working for, and they check what only
        // Swift 5 code can do (a send or a host released off the main queue
        // stops the program, R22; a render test off the main queue runs).
        .testTarget(
            name: "WorkflowTests",
            dependencies: [
                "Workflow", "WorkflowDiagnostics", "WorkflowReference", "WorkloadProfiles", "DifferentialTesting",
                "WorkflowHostHarness", combineOnLinux,
            ],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(
            name: "WorkflowTestingTests",
            dependencies: ["Workflow", "WorkflowTesting", "TestSupport"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // What the test suites share: expected issues (the testers' and the
        // workers' tests), and for the worker tests of both modules the probe
        // their workers write to and waiting for asynchronous deliveries
        // (not a product).
        .target(name: "TestSupport", dependencies: ["Workflow"], path: "Tests/TestSupport", swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(
            name: "WorkflowConcurrencyTests",
            dependencies: [
                "Workflow",
                "WorkflowReference",
                "WorkflowConcurrency",
                "WorkflowConcurrencyTesting",
                "WorkflowTesting",
                "WorkflowHostHarness",
                "TestSupport",
            ],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(
            name: "WorkflowCombineTests",
            dependencies: [
                "Workflow",
                "WorkflowReference",
                "WorkflowCombine",
                "WorkflowCombineTesting",
                "WorkflowTesting",
                "WorkflowHostHarness",
                "TestSupport",
                combineOnLinux,
            ],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // Compile-only checks that code written against upstream's API
        // builds unchanged, in Swift 5 mode as that code was written.
        .testTarget(
            name: "APICompatibilityTests",
            dependencies: [
                "Workflow", "WorkflowTesting", "WorkflowConcurrency", "WorkflowConcurrencyTesting",
                "WorkflowCombine", "WorkflowCombineTesting", combineOnLinux,
            ],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // The same files (symbolic links) built in Swift 6 mode, as a Swift
        // 6 client builds them: they carry the annotations such a client
        // writes (`@MainActor` on what runs the API off a render).
        .testTarget(
            name: "APICompatibilitySwift6Tests",
            dependencies: [
                "Workflow", "WorkflowTesting", "WorkflowConcurrency", "WorkflowConcurrencyTesting",
                "WorkflowCombine", "WorkflowCombineTesting", combineOnLinux,
            ]
        ),
    ],
    // Swift 6 mode: the API states rule R22 (everything on the main queue)
    // as main-actor isolation, which the compiler checks for Swift 6 clients
    // and the runtime for Swift 5 ones. The targets built in Swift 5 mode say
    // why where they are declared.
    swiftLanguageModes: [.v6]
)
