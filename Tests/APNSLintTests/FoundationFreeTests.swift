import APNSLintTestSupport
import Foundation
import Testing

/// The `apns-lint` product links FoundationEssentials, not Foundation: Foundation brings FoundationInternationalization
/// and ICU's data (the static binary 96 MB instead of about 40) and its start-up. Every Swift file of a target in the
/// product imports Foundation only as the fallback of `#if canImport(FoundationEssentials)` (macOS, where Foundation is
/// the only one), never unconditionally. The `APNSLintGateway` library (the APNs sandbox's) keeps the same pattern as
/// the layers it is built on.
@Suite("The apns-lint product imports FoundationEssentials, not Foundation")
struct FoundationFreeTests {
    /// The products checked: the command line's target, and the gateway's library target.
    static let productRoots = ["APNSLintCLI", "APNSLintGateway"]

    /// `root` and the targets it depends on, read from Package.swift: each quoted name in a target's `dependencies:`
    /// that is a folder under Sources/.
    static func productTargets(from root: String) throws -> [String] {
        let manifest = try String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let sources = packageRoot.appendingPathComponent("Sources")
        // The target's declaration: from its `name:` (not the products' `.library(name:`) to the next declaration.
        func declaration(of target: String) -> Substring? {
            var searched = manifest[...]
            while let start = searched.range(of: "name: \"\(target)\"") {
                let rest = manifest[start.upperBound...]
                let end = [".target(", ".executableTarget(", ".testTarget(", ".plugin(", ".systemLibrary(", ".library(", ".executable("]
                    .compactMap { rest.range(of: $0)?.lowerBound }.min() ?? rest.endIndex
                if rest[..<end].contains("dependencies:") { return rest[..<end] }
                searched = rest
            }
            return nil
        }
        var found: [String] = []
        var pending = [root]
        while let target = pending.popLast() {
            guard !found.contains(target) else { continue }
            found.append(target)
            guard let text = declaration(of: target), let dependencies = text.range(of: "dependencies:") else { continue }
            let names = text[dependencies.upperBound...].components(separatedBy: "\"").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            pending += names.filter { FileManager.default.fileExists(atPath: sources.appendingPathComponent($0).path) }
        }
        return found.sorted()
    }

    @Test func theProductsTargetsAreFound() throws {
        let targets = try Self.productTargets(from: "APNSLintCLI")
        for target in ["APNSLintCLI", "APNSLintLSP", "APNSLint", "APNSLintApp", "APNSLintRules", "APNSLintDialects", "APNSLintModel", "APNSLintSyntax"] {
            #expect(targets.contains(target), "\(target) is in the apns-lint product")
        }
        #expect(!targets.contains("APNSLintBenchmark"))
        // No linter code uses the gateway: the command line is built without it.
        #expect(!targets.contains("APNSLintGateway"))
        #expect(try Self.productTargets(from: "APNSLintGateway")
            == ["APNSLint", "APNSLintApp", "APNSLintDialects", "APNSLintGateway", "APNSLintModel", "APNSLintRules", "APNSLintSyntax", "CSystemCalls", "CYaml"])
    }

    @Test func noFileImportsFoundationUnconditionally() throws {
        var offenders: [String] = []
        for target in try Set(Self.productRoots.flatMap(Self.productTargets(from:))).sorted() {
            let folder = packageRoot.appendingPathComponent("Sources/\(target)")
            let files = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }
            for file in files {
                let lines = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                    .components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                for (index, line) in lines.enumerated() {
                    let words = line.split(separator: " ")
                    guard let at = words.firstIndex(of: "import"), at + 1 < words.count else { continue }
                    let module = words[at + 1].split(separator: ".").first.map(String.init) ?? ""
                    guard module.hasPrefix("Foundation"), module != "FoundationEssentials" else { continue }
                    // `#if canImport(FoundationEssentials)`, `import FoundationEssentials`, `#else`, then this import.
                    let guarded = module == "Foundation" && index >= 3 && lines[index - 1] == "#else"
                        && lines[index - 2] == "import FoundationEssentials" && lines[index - 3] == "#if canImport(FoundationEssentials)"
                    if !guarded { offenders.append("Sources/\(target)/\(file):\(index + 1): \(line)") }
                }
            }
        }
        #expect(offenders.isEmpty, "imports outside the guarded pattern:\n\(offenders.joined(separator: "\n"))")
    }
}
