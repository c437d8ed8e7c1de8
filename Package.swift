// swift-tools-version:6.0
import PackageDescription

// Layers, each a target so the compiler keeps them honest:
//   CYaml           libyaml, a system library (libyaml-dev)
//   CSystemCalls    open, read and close of input files without the C library's cancellation points
//   APNSLintSyntax  bytes -> positioned document tree (readers know nothing of APNs)
//   APNSLintModel   document tree -> typed notification AST, canonical wire serializer
//   APNSLintDialects which system wrote a document (a sender library or a push service: each a folder, all listed in
//                   DialectRegistry.standard), and the APNs request(s) it sends: one entry point, DialectStage
//   APNSLintRules   rules over the AST (know nothing of file formats)
//   APNSLintApp     the app that receives the notifications, read from its project (Xcode, XcodeGen, a package):
//                   targets, bundle IDs, Info.plist, entitlements, strings, sounds, categories -> AppContext
//   APNSLint        the facade: linter, configuration, reporters (library product)
//   APNSLintGateway a provider-API request judged as APNs answers it, and its log line (library product, for the APNs
//                   sandbox, Sandbox/: no linter code uses it, so `import APNSLint` does not bring it)
//   APNSLintLSP     the Language Server (`apns-lint lsp`): LSP over JSON-RPC, on top of the facade
//   apns-lint       the command-line shell over APNSLint
//   APNSLintFuzzing the invariants every input must keep, seeds and dictionaries (the fuzz harness's library)
//   apns-lint-fuzz  the fuzz harness: replays inputs through the invariants; with libFuzzer (scripts/fuzz), fuzzes
//   plugins         `swift package apns-lint` (command) and build-time linting of a target's definitions (build tool),
//                   both running the apns-lint built from this package
let package = Package(
    name: "apns-lint",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "APNSLint", targets: ["APNSLint"]),
        .library(name: "APNSLintGateway", targets: ["APNSLintGateway"]),
        .executable(name: "apns-lint", targets: ["APNSLintCLI"]),
        .executable(name: "apns-lint-benchmark", targets: ["APNSLintBenchmark"]),
        .executable(name: "apns-lint-fuzz", targets: ["APNSLintFuzz"]),
        .plugin(name: "APNSLintCommandPlugin", targets: ["APNSLintCommandPlugin"]),
        .plugin(name: "APNSLintBuildToolPlugin", targets: ["APNSLintBuildToolPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // libyaml through pkg-config; `.ci/run` installs libyaml-dev when it is missing.
        .systemLibrary(
            name: "CYaml",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // open, read and close of input files as direct system calls (no cancellation points on worker threads).
        .target(name: "CSystemCalls"),
        .target(name: "APNSLintSyntax", dependencies: ["CYaml"]),
        .target(name: "APNSLintModel", dependencies: ["APNSLintSyntax"]),
        .target(name: "APNSLintDialects", dependencies: ["APNSLintModel", "APNSLintSyntax"]),
        .target(name: "APNSLintRules", dependencies: ["APNSLintModel", "APNSLintSyntax"]),
        .target(name: "APNSLintApp", dependencies: ["APNSLintModel", "APNSLintSyntax"]),
        .target(name: "APNSLint", dependencies: ["APNSLintDialects", "APNSLintRules", "APNSLintApp", "APNSLintModel", "APNSLintSyntax", "CSystemCalls"]),
        .target(name: "APNSLintGateway", dependencies: ["APNSLint", "APNSLintRules", "APNSLintModel", "APNSLintSyntax"]),
        .target(name: "APNSLintLSP", dependencies: ["APNSLint"]),
        .executableTarget(
            name: "APNSLintCLI",
            dependencies: [
                "APNSLint",
                "APNSLintLSP",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .plugin(
            name: "APNSLintCommandPlugin",
            capability: .command(intent: .custom(verb: "apns-lint", description: "Lint the package's APNs notification definitions (apns-lint check)")),
            dependencies: ["APNSLintCLI"]
        ),
        .plugin(name: "APNSLintBuildToolPlugin", capability: .buildTool(), dependencies: ["APNSLintCLI"]),
        // `swift build -c release && swift run -c release apns-lint-benchmark`: speed figures, never a timed test.
        .executableTarget(name: "APNSLintBenchmark", dependencies: ["APNSLint"], path: "Sources/APNSLintBenchmark"),
        // `scripts/fuzz FORMAT SECONDS` builds apns-lint-fuzz with libFuzzer and AddressSanitizer; a plain build replays
        // inputs through the same invariants (`apns-lint-fuzz check FORMAT PATH...`).
        .target(name: "APNSLintFuzzing", dependencies: ["APNSLint"]),
        .executableTarget(name: "APNSLintFuzz", dependencies: ["APNSLintFuzzing"]),
        // What the test targets share (Tests/APNSLintTestSupport): reading a text and a tree's dump, the built commands and
        // runs of them, workspaces, a small stack.
        .target(name: "APNSLintTestSupport", dependencies: ["APNSLintSyntax"], path: "Tests/APNSLintTestSupport"),
        .testTarget(name: "APNSLintSyntaxTests", dependencies: ["APNSLintSyntax", "APNSLintTestSupport"]),
        .testTarget(name: "APNSLintModelTests", dependencies: ["APNSLintModel", "APNSLintRules"]),
        .testTarget(name: "APNSLintDialectsTests", dependencies: ["APNSLintDialects", "APNSLintModel", "APNSLintRules", "APNSLintTestSupport"]),
        .testTarget(name: "APNSLintTests", dependencies: ["APNSLint", "APNSLintTestSupport"]),
        .testTarget(name: "APNSLintGatewayTests", dependencies: ["APNSLintGateway", "APNSLint"]),
        .testTarget(name: "CLITests", dependencies: ["APNSLintCLI", "APNSLintTestSupport"]),
        // Drives the server as an editor does, over pipes (in-process) and through the built `apns-lint lsp`.
        .testTarget(name: "LSPTests", dependencies: ["APNSLintLSP", "APNSLintCLI", "APNSLintTestSupport"]),
        .testTarget(name: "FuzzTests", dependencies: ["APNSLintFuzzing", "APNSLintFuzz", "APNSLintTestSupport"]),
        // The outputs recorded from the real libraries (../shared/oracles, seed 1), pinned: every dialect must send
        // what its library sends. RealWorld/: public payloads with the verdict of the system that received them.
        .testTarget(name: "OracleTests", dependencies: ["APNSLint"], exclude: ["Corpora", "RealWorld"]),
        .testTarget(name: "StressTests", dependencies: ["APNSLintSyntax", "APNSLintCLI", "APNSLintTestSupport"]),
    ]
)
