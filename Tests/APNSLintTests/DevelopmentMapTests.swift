import APNSLintTestSupport
import Foundation
import Testing

/// docs/development.md's map of the flow names the file of each step: each file it names exists.
@Suite("docs/development.md: the flow's files exist")
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
}
