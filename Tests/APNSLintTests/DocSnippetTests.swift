import APNSLint
import APNSLintTestSupport
import Foundation
import Testing

/// Issue 38: the Swift in the docs compiles. The rule of "Add a rule" (docs/development.md) is compiled with the
/// tests, from `Snippets/AddARuleSnippet.swift`, which must hold it verbatim; the library snippets of the README and
/// docs/library.md are built as a package of their own by `DocSnippetBuildTests` (the stress tests, in CI's proofs).
@Suite("Docs: the Swift they show compiles")
struct DocSnippetTests {
    /// The ```swift blocks of a Markdown file, their indentation removed.
    static func swiftBlocks(in file: String) throws -> [String] {
        let text = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
        var blocks: [String] = []
        var current: [String]?
        var indent = 0
        for line in text.components(separatedBy: "\n") {
            let trimmed = line.drop { $0 == " " }
            if current == nil, trimmed == "```swift" {
                current = []
                indent = line.count - trimmed.count
            } else if current != nil, trimmed == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else if current != nil {
                current!.append(String(line.dropFirst(min(indent, line.prefix { $0 == " " }.count))))
            }
        }
        return blocks
    }

    @Test func theAddARuleSampleIsTheOneCompiledHere() throws {
        let blocks = try Self.swiftBlocks(in: "docs/development.md")
        #expect(blocks.count == 1)
        let copy = try String(contentsOf: packageRoot.appendingPathComponent("Tests/APNSLintTests/Snippets/AddARuleSnippet.swift"), encoding: .utf8)
        let marker = "// snippet: docs/development.md#add-a-rule\n"
        let compiled = try #require(copy.range(of: marker).map { String(copy[$0.upperBound...]) })
        #expect(compiled == (blocks.first ?? "") + "\n", "docs/development.md's sample and Snippets/AddARuleSnippet.swift differ: copy the sample")
    }

    @Test func theAddARuleSampleFindsWhatItsExamplesSay() {
        let linter = Linter(rules: [ThreadIDEmptyRule.self])
        #expect(linter.lint(#"{"aps": {"alert": "Hi", "thread-id": ""}}"#).diagnostics.map(\.ruleID) == ["thread-id-empty"])
        #expect(linter.lint(#"{"aps": {"alert": "Hi", "thread-id": "chat-42"}}"#).diagnostics.isEmpty)
    }
}
