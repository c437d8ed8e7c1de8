import APNSLintSyntax
import APNSLintTestSupport
import Testing

/// Multi-document streams, empty documents and files, and what survives an error in a later document.
@Suite("YAMLReader: streams of documents")
struct YAMLReaderStreamTests {
    static let noDocument = "the file holds no YAML document"

    @Test("one DocumentNode per document, in order, with `---` and `...` markers")
    func threeDocuments() {
        let read = YAMLRead("a: 1\n---\nb: 2\n...\n---\n- x\n")
        #expect(read.problems.isEmpty)
        #expect(read.dumps == [
            #"{"a"@0..<1: i:1@3..<4}@0..<4"#,
            #"{"b"@9..<10: i:2@12..<13}@9..<13"#,
            #"["x"@24..<25]@22..<25"#,
        ])
        #expect(read.at(9) == "3:1")
        #expect(read.at(22) == "6:1")
    }

    @Test("documents of different kinds: scalar, sequence, mapping, block scalar")
    func mixedDocuments() {
        let read = YAMLRead("--- 5\n--- [a]\n--- {k: v}\n--- |\n  text\n")
        #expect(read.problems.isEmpty)
        #expect(read.dumps == [
            "i:5@4..<5",
            #"["a"@11..<12]@10..<13"#,
            #"{"k"@19..<20: "v"@22..<23}@18..<24"#,
            #""text\n"@29..<38"#,
        ])
    }

    @Test("an empty document is a null node")
    func emptyDocument() {
        #expect(YAMLRead("---").dumps == ["null@3..<3"])
        #expect(YAMLRead("---\n").problems.isEmpty)
        #expect(YAMLRead("---\n").documents.map(\.kind) == [.null])
        #expect(YAMLRead("--- # nothing here\n...\n").documents.map(\.kind) == [.null])
        // Between two documents: the empty one is null, the others are read as usual.
        let read = YAMLRead("a: 1\n---\n---\nb: 2\n")
        #expect(read.problems.isEmpty)
        #expect(read.documents.map(\.kind) == [.object, .null, .object])
        #expect(read.dumps.last == #"{"b"@13..<14: i:2@16..<17}@13..<17"#)
    }

    @Test("a file with no document gives no documents and exactly one problem", arguments: [
        "", "\n", "   \n\n  ", "# only a comment", "# one\n# two\n\n# three\n", "  # indented comment\r\n",
    ])
    func noDocument(_ text: String) {
        let read = YAMLRead(text)
        #expect(read.documents.isEmpty)
        #expect(read.problems.count == 1)
        let problem = read.problems.first
        #expect(problem?.kind == .invalidSyntax)
        #expect(problem?.message == Self.noDocument)
        #expect(problem?.help == "a notification definition is a mapping such as `aps: {alert: Hi}`")
        #expect(problem?.range == SourceRange(0..<0))
        #expect(problem?.fix == nil)
    }

    @Test("libyaml refuses a stream that starts with `...` or with a tab on an empty line (which the reader names)")
    func libyamlEmptyStreamQuirks() {
        #expect(YAMLRead("...\n").problemLines == ["invalidSyntax 0..<1 1:1 did not find expected node content while parsing a block node"])
        #expect(YAMLRead("\t\n").problemLines == [
            "invalidSyntax 0..<1 1:1 a tab indents this line, and YAML forbids tabs for indentation",
        ])
    }

    @Test("a directive before the first document is accepted")
    func directives() {
        #expect(YAMLRead("%YAML 1.2\n---\na: 1").dumps == [#"{"a"@14..<15: i:1@17..<18}@14..<18"#])
        #expect(YAMLRead("%YAML 1.2\n---\na: 1").problems.isEmpty)
        // `%YAML 1.1` does not change how scalars resolve: `yes` is still a string, and still reported.
        let read = YAMLRead("%YAML 1.1\n---\na: yes")
        #expect(read.dumps == [#"{"a"@14..<15: "yes"@17..<20}@14..<20"#])
        #expect(read.problems.map(\.kind) == [.ambiguousScalar])
    }

    @Test("after a syntax error in document 3, documents 1 and 2 are still returned")
    func errorInThirdDocument() {
        let read = YAMLRead("a: 1\n---\nb: 2\n---\nc: d: e\n---\nz: 1\n")
        #expect(read.dumps == [#"{"a"@0..<1: i:1@3..<4}@0..<4"#, #"{"b"@9..<10: i:2@12..<13}@9..<13"#])
        #expect(read.problemLines == ["invalidSyntax 22..<23 5:5 mapping values are not allowed in this context"])
        // Reading stops at the error: the fourth document is not returned either.
        #expect(read.documents.count == 2)
        // The third document, cut short, begins at its `---` (offset 14).
        #expect(read.result.unfinishedDocumentStart == 14)
    }

    @Test("a document cut short is told apart from documents read whole", arguments: [
        // (text, documents read, where the unfinished one begins)
        ("a: 1\n---\nb: 2\n", 2, nil),
        ("a: 1\n---\nb: 2\nc: [1\n", 1, 5),
        ("a: 1\n...\n---\n[1", 1, 9),
        ("a: [1\nb: 2\n", 0, 0),
    ] as [(String, Int, Int?)])
    func unfinishedDocument(_ text: String, _ read: Int, _ start: Int?) {
        YAMLRead(text).expectDocuments(read: read, unfinishedAt: start)
    }

    @Test("a truncated last document keeps the earlier ones and points at the unclosed bracket")
    func truncatedLastDocument() {
        let read = YAMLRead("a: 1\n---\n---\nb: 2\n...\n---\n[1")
        #expect(read.documents.map(\.kind) == [.object, .null, .object])
        #expect(read.problemLines == ["invalidSyntax 26..<27 7:1 did not find expected ',' or ']' while parsing a flow sequence"])
        #expect(read.problems.first?.help == "the input ends before this is closed (the file may be truncated)")
    }

    @Test("an error in the first document leaves no document and no 'holds no document' problem")
    func errorInFirstDocument() {
        let read = YAMLRead("a: [1\nb: 2\n---\nc: 3\n")
        #expect(read.documents.isEmpty)
        #expect(read.problems.count == 1)
        #expect(read.problems.first?.message != Self.noDocument)
    }

    @Test("problems of every document come in source order")
    func problemsInOrder() {
        let read = YAMLRead("a: yes\n---\nb: no\n---\nc: .inf\n")
        #expect(read.documents.count == 3)
        #expect(read.problems.map(\.kind) == [.ambiguousScalar, .ambiguousScalar, .nonJSONValue])
        #expect(read.problems.map(\.range) == [SourceRange(3..<6), SourceRange(14..<16), SourceRange(24..<28)])
    }

    @Test("anchors do not carry across documents: the alias is an error, the first document is kept")
    func anchorsPerDocument() {
        let read = YAMLRead("a: &x 1\n---\nb: *x")
        #expect(read.dumps == [#"{"a"@0..<1: i:1@6..<7}@0..<7"#])
        #expect(read.problemLines == [
            "invalidSyntax 15..<17 3:4 the alias *x refers to no anchor; an anchor (&x) must come before its aliases in the same document",
        ])
        #expect(read.problems.first?.help == "define &x earlier, or fix the alias name")
    }
}
