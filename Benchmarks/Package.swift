// swift-tools-version: 6.1
import PackageDescription

// The benchmark suite of FastWorkflow, kept in its own package so
// that the library and `swift test` at the root never build it or its
// dependencies.
// Every workload runs three ways: the fast runtime, the reference runtime and
// hand-written vanilla Swift (see Sources/Workloads/).
let package = Package(
    name: "FastWorkflowBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "FastWorkflow", path: "../"),
        // What WorkflowHostHarness publishes through on Linux, as in the root
        // package.
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
        // The malloc interposer trait makes mallocCountTotal exact; the
        // default traits do not resolve on these machines.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        // jemalloc from the system (Debian libjemalloc-dev). Linking it
        // replaces malloc for the whole process; its counters give bytes per op.
        .systemLibrary(
            name: "CJemalloc",
            pkgConfig: "jemalloc",
            providers: [.apt(["libjemalloc-dev"])]
        ),
        // posix_memalign / aligned_alloc / memalign for alignment <= 16 served
        // by malloc, so that ordo-one's malloc interposer never frees a
        // header-less pointer (README, "A crashed run"). Only linked into the
        // ordo-one executable: nothing else runs under the interposer.
        .target(name: "AlignedAllocShim"),
        // Typed reads of jemalloc's statistics (mallctl) for Swift.
        .target(name: "JemallocStats", dependencies: ["CJemalloc"]),
        // The root package's workload profiles and host harness: test
        // support, not products of the library, so this package builds them
        // itself from their folders there (Sources/WorkloadProfiles and
        // Sources/WorkflowHostHarness are symbolic links to them).
        .target(name: "WorkloadProfiles"),
        .target(
            name: "WorkflowHostHarness",
            dependencies: [
                .product(name: "Workflow", package: "FastWorkflow"),
                .product(name: "WorkflowDiagnostics", package: "FastWorkflow"),
                .product(name: "WorkflowReference", package: "FastWorkflow"),
                .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux])),
            ]
        ),
        // The workloads W1-W11: each workflow written once and run on both
        // hosts, plus the vanilla computation, each with a result check.
        .target(
            name: "Workloads",
            dependencies: [
                .product(name: "Workflow", package: "FastWorkflow"),
                .product(name: "WorkflowDiagnostics", package: "FastWorkflow"),
                .product(name: "WorkflowReference", package: "FastWorkflow"),
                .product(name: "WorkflowConcurrency", package: "FastWorkflow"),
                "WorkloadProfiles",
                "WorkflowHostHarness",
            ]
        ),
        // Runs every workload op in a plain loop reading jemalloc's counters,
        // merges ordo-one's figures and prints the table / writes results/.
        .executableTarget(name: "BenchTable", dependencies: ["Workloads", "JemallocStats"]),
        // Runs one workload profile's main operation N times, for
        // `make profile` (callgrind, jemalloc heap profiles).
        // With --trace, it records a render trace of the run (`make trace`).
        .executableTarget(
            name: "WorkloadRunner",
            dependencies: [
                "Workloads", "JemallocStats", .product(name: "Workflow", package: "FastWorkflow"),
                .product(name: "WorkflowDiagnostics", package: "FastWorkflow"),
            ]
        ),
        // `make soak`: a long random run on a churning 10,000-row tree,
        // checking memory stays flat and the host agrees with its model and
        // with the reference runtime at every checkpoint.
        .executableTarget(
            name: "Soak",
            dependencies: [
                "Workloads",
                "JemallocStats",
                .product(name: "Workflow", package: "FastWorkflow"),
                .product(name: "WorkflowDiagnostics", package: "FastWorkflow"),
                .product(name: "WorkflowReference", package: "FastWorkflow"),
                "WorkflowHostHarness",
            ]
        ),
        // `make trace-probe`: a render trace's memory, stack depth and export
        // on large trees.
        .executableTarget(
            name: "TraceProbe",
            dependencies: [
                .product(name: "Workflow", package: "FastWorkflow"),
                .product(name: "WorkflowDiagnostics", package: "FastWorkflow"),
                .product(name: "WorkflowReference", package: "FastWorkflow"),
            ]
        ),
        // The ordo-one/benchmark target: wallClock and mallocCountTotal only.
        .executableTarget(
            name: "WorkflowBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                "Workloads",
                "JemallocStats",
                "AlignedAllocShim",
            ],
            path: "Benchmarks/WorkflowBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v5]
)
