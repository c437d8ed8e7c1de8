import APNSLint
import APNSLintTestSupport
import Foundation
import Testing

@Suite("Rules/ is generated from the rules' metadata")
struct RuleDocumentationTests {
    @Test func theReadmeListsEveryRule() throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(RuleDocumentation.updatingReadme(readme) == readme, "README.md's rule list is stale: run scripts/generate")
        #expect(readme.contains("\(RuleRegistry.all.count) rules:\n"))
    }

    @Test func committedPagesMatchTheGenerator() throws {
        let directory = packageRoot.appendingPathComponent("Rules")
        let committed = Set(try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".md") })
        let generated = RuleDocumentation.pages()
        #expect(committed == Set(generated.map(\.name)), "run `swift run apns-lint generate-docs` to regenerate Rules/")
        for page in generated {
            let text = try? String(contentsOf: directory.appendingPathComponent(page.name), encoding: .utf8)
            #expect(text == page.contents, "Rules/\(page.name) is stale: run `swift run apns-lint generate-docs`")
        }
    }

    @Test func pageShowsWhatTheLinterReportsOnTheExample() {
        let rule = RuleRegistry.rule(id: "collapse-id-too-long")!.documented
        let page = RuleDocumentation.page(for: rule)
        #expect(page.hasPrefix("# collapse-id-too-long\n\n`apns-collapse-id` is longer than 64 bytes of UTF-8.\n"))
        #expect(page.contains("example.json:1:34: error: apns-collapse-id is 65 bytes of UTF-8, over APNs's limit of 64"))
        #expect(!page.contains("↓"))
        #expect(page.contains("- <https://developer.apple.com/documentation/usernotifications/sending-notification-requests-to-apns>"))
    }

    @Test func indexListsEveryRuleByCategory() {
        let index = RuleDocumentation.index(rules: RuleRegistry.all)
        for id in RuleRegistry.ids { #expect(index.contains("| [\(id)](\(id).md) |")) }
        #expect(index.contains("## Size\n"))
    }
}
