// swift-tools-version:6.0
import PackageDescription

// An app's package that keeps its push payloads beside its code and has apns-lint check them: the build tool plugin
// lints them as the target builds (findings inline, an error fails the build), and `swift package apns-lint` runs
// apns-lint on the whole package. A real package names apns-lint by its URL and a version instead of this path.
let package = Package(
    name: "PluginPackage",
    dependencies: [
        .package(name: "apns-lint", path: "../.."),
    ],
    targets: [
        .target(
            name: "ShopNotifications",
            resources: [.process("Payloads")],
            plugins: [.plugin(name: "APNSLintBuildToolPlugin", package: "apns-lint")]
        ),
    ]
)
