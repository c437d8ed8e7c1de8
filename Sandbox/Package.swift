// swift-tools-version:6.0
import Foundation
import PackageDescription

// The APNs sandbox: an HTTP/2 server that answers as APNs does, judging each request with apns-lint's rules.
// A package of its own, beside the linter and depending on it by path, so that the linter's build (the README's
// commands, scripts/install, the pre-commit hooks) never resolves or compiles SwiftNIO, BoringSSL or swift-crypto.
//   APNSLintSandbox     the server: TLS (ALPN h2) and cleartext HTTP/2, the request log, the pages
//   apns-lint-sandbox   its command line
// What the sandbox answers is decided in the linter's package (the `APNSLintGateway` library's `APNsGateway`), which
// knows no network; this package only carries requests to it.

// A path dependency's identity is its folder's name, which is whatever the clone was called.
let linter = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent.lowercased()

let package = Package(
    name: "apns-lint-sandbox",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "apns-lint-sandbox", targets: ["SandboxCLI"]),
    ],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
        .package(url: "https://github.com/apple/swift-nio-http2", from: "1.36.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.29.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.0.0"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.0.0"),
    ],
    targets: [
        .target(
            name: "APNSLintSandbox",
            dependencies: [
                .product(name: "APNSLint", package: linter),
                .product(name: "APNSLintGateway", package: linter),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "NIOHPACK", package: "swift-nio-http2"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ]
        ),
        .executableTarget(
            name: "SandboxCLI",
            dependencies: [
                "APNSLintSandbox",
                .product(name: "APNSLint", package: linter),
                .product(name: "APNSLintGateway", package: linter),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
    ]
)
