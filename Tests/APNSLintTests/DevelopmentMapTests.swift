import APNSLint
import APNSLintTestSupport
import Foundation
import Testing

/// What the maintainers' docs claim of the code holds: docs/development.md's map of the flow names the file of each
/// step, and each exists; its list of the systems' folders is the folders there are; a count of the rules said in
/// the docs or a comment is the registry's.
@Suite("docs/development.md and comments match the code")
struct DevelopmentMapTests {
    @Test func everyFileTheFlowNamesExists() throws {
        let page = try String(contentsOf: packageRoot.appendingPathComponent("docs/development.md"), encoding: .utf8)
        let start = try #require(page.range(of: "### The flow, step by step"))
        let section = page[start.upperBound...].components(separatedBy: "\n## ")[0].components(separatedBy: "\nThe wire serializer")[0]
        // Every `….swift` in backquotes: a path from the repository's root, or a name to find under Sources/.
        let named = section.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 && $0.element.hasSuffix(".swift") }.map(\.element)
        #expect(named.count >= 20)
        let sources = FileManager.default.enumerator(atPath: packageRoot.appendingPathComponent("Sources").path)?.allObjects as? [String] ?? []
        for name in named {
            let path = name.replacingOccurrences(of: "<Category>/<Name>Rule", with: "Delivery/PushTypeMismatchRule")
                .replacingOccurrences(of: "<Format>Reporter", with: "SARIFReporter")
            let exists = path.hasPrefix("Sources/") ? FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent(path).path)
                : sources.contains { $0 == path || $0.hasSuffix("/" + path) }
            #expect(exists, "docs/development.md names \(name), which is not there")
        }
    }

    /// The layer table's row for the facade names its folders (`Run/`, `Lint/`, …): each is there, and each folder there is named.
    @Test func theFacadeFoldersAreTheFoldersThereAre() throws {
        let page = try String(contentsOf: packageRoot.appendingPathComponent("docs/development.md"), encoding: .utf8)
        let row = try #require(page.split(separator: "\n").first { $0.hasPrefix("| `APNSLint` |") })
        // Top-level folder names in backquotes: `Run/`, not a path such as `Sources/…/` or a file.
        let named = row.components(separatedBy: "`").enumerated()
            .filter { $0.offset % 2 == 1 && $0.element.hasSuffix("/") && !$0.element.dropLast().contains("/") }
            .map { String($0.element.dropLast()) }
        let root = packageRoot.appendingPathComponent("Sources/APNSLint")
        let folders = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
        #expect(Set(named) == Set(folders))
        #expect(named.count == Set(named).count)
    }

    /// The layer table's row for the dialects lists each system's folder: `(`APNs/`, `FCM/`, …)`.
    @Test func theDialectFoldersAreTheSystemsThereAre() throws {
        let page = try String(contentsOf: packageRoot.appendingPathComponent("docs/development.md"), encoding: .utf8)
        let row = try #require(page.split(separator: "\n").first { $0.hasPrefix("| `APNSLintDialects` |") })
        let list = try #require(row.range(of: "each system in a folder of its own ("))
        let listed = row[list.upperBound...].prefix { $0 != ")" }.split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`/")) }
        let root = packageRoot.appendingPathComponent("Sources/APNSLintDialects")
        let folders = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path, isDirectory: &isDirectory)
                && isDirectory.boolValue && name != "Registry"
        }
        #expect(Set(listed) == Set(folders), "docs/development.md lists \(listed.sorted()); the folders are \(folders.sorted())")
        #expect(listed.count == DialectRegistry.standard.dialects.count)
    }

    /// "N rules" in the README, docs/ and the sources' comments: N is how many rules there are. (Counts of a kind of
    /// rule are worded otherwise: "39 rules name conditions".)
    @Test func everyCountOfTheRulesIsTheRegistrys() throws {
        let count = RuleRegistry.all.count
        var files = ["README.md"] + (try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("docs").path))
            .filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        let sources = FileManager.default.enumerator(atPath: packageRoot.appendingPathComponent("Sources").path)?.allObjects as? [String] ?? []
        files += sources.filter { $0.hasSuffix(".swift") }.map { "Sources/" + $0 }
        let claim = /(\d+) rules(?:[:.,;)]|\s*$| in all| in total)/
        var wrong: [String] = []
        var claims = 0
        for file in files {
            let text = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for match in line.matches(of: claim) {
                    claims += 1
                    if Int(match.output.1) != count { wrong.append("\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))") }
                }
            }
        }
        #expect(wrong == [], "there are \(count) rules")
        // The README's generated count is one of the claims read.
        #expect(claims >= 1)
    }
}
