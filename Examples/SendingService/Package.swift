// swift-tools-version:6.0
import PackageDescription

// A server that lints each notification with the APNSLint library before it sends it.
let package = Package(
    name: "SendingService",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "apns-lint", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "SendingService",
            dependencies: [.product(name: "APNSLint", package: "apns-lint")]
        ),
    ]
)
