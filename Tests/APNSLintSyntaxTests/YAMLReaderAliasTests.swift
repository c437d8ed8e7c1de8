import APNSLintSyntax
import APNSLintTestSupport
import Testing

/// Anchors, aliases and merge keys.
@Suite("YAMLReader: anchors, aliases and merge keys")
struct YAMLReaderAliasTests {
    static let mergeMessage = "the merge key << needs a mapping or a list of mappings (usually an alias such as *defaults)"
    static let mergeHelp = "write `<<: *name`, where &name marks a mapping"

    // MARK: Aliases

    @Test("an alias yields the anchored value with the anchor's ranges")
    func aliasKeepsAnchorRanges() {
        // The anchored node's range starts at its content, after the `&a`: the `{`, the `5`, the `hi`.
        #expect(yamlTree("base: &a {p: 1, q: 2}\nref: *a") == #"""
            {"base"@0..<4: {"p"@10..<11: i:1@13..<14, "q"@16..<17: i:2@19..<20}@9..<21, \#
            "ref"@22..<25: {"p"@10..<11: i:1@13..<14, "q"@16..<17: i:2@19..<20}@9..<21}@0..<29
            """#)
        #expect(yamlTree("a: &n 5\nb: *n") == #"{"a"@0..<1: i:5@6..<7, "b"@8..<9: i:5@6..<7}@0..<13"#)
        #expect(yamlTree("[&x hi, *x, *x]") == #"["hi"@4..<6, "hi"@4..<6, "hi"@4..<6]@0..<15"#)
        // An anchored block mapping starts at its first key, after `&m` and the line break.
        #expect(yamlTree("a: &m\n  k: v\nb: *m\n") == #"""
            {"a"@0..<1: {"k"@8..<9: "v"@11..<12}@8..<12, "b"@13..<14: {"k"@8..<9: "v"@11..<12}@8..<12}@0..<18
            """#)
        // Blanks and a comment after the anchor are not part of the node either.
        #expect(yamlTree("a: &n # the count\n  5\nb: *n") == #"{"a"@0..<1: i:5@20..<21, "b"@22..<23: i:5@20..<21}@0..<27"#)
    }

    @Test("a block collection whose last entry is an alias ends at the alias, not at the anchor")
    func blockCollectionEndsAtAlias() throws {
        // The anchored block sequence starts at its first `-`, after `&a` and the line break.
        #expect(yamlTree("a: &a\n  - 1\nb: *a") == #"{"a"@0..<1: [i:1@10..<11]@8..<11, "b"@12..<13: [i:1@10..<11]@8..<11}@0..<17"#)
        // An empty node with properties has no content to start at: it keeps the range of its `&x`.
        #expect(yamlTree("- &x\n- *x") == "[null@2..<4, null@2..<4]@0..<9")
        let read = YAMLRead("outer:\n  a: &v 1\n  b: *v\nnext: 2\n")
        let outer = try #require(read.documents.first?.member("outer")?.value)
        #expect(read.source.text(outer.range) == "a: &v 1\n  b: *v")
    }

    @Test("an anchor can be redefined; each alias takes the latest definition before it")
    func redefinedAnchor() {
        #expect(yamlTree("a: &x 1\nb: *x\nc: &x 2\nd: *x") == #"""
            {"a"@0..<1: i:1@6..<7, "b"@8..<9: i:1@6..<7, "c"@14..<15: i:2@20..<21, "d"@22..<23: i:2@20..<21}@0..<27
            """#)
    }

    @Test("an anchor on a key can be used as a value and as a key")
    func anchoredKey() {
        // The key (and the value taken from it) is the `a` after `&a`; the mapping still starts at the `&a`, which
        // belongs to its first key, not to the mapping.
        #expect(yamlTree("&a a: 1\nb: *a\n*a : 3") == #"{"a"@3..<4: i:1@6..<7, "b"@8..<9: "a"@3..<4, "a"@14..<16: i:3@19..<20}@0..<20"#)
    }

    @Test("an alias of a non-string used as a key is a .nonJSONValue problem")
    func aliasOfNumberAsKey() {
        let read = YAMLRead("n: &n 5\n? *n\n: x")
        #expect(read.documents.first?.members?.count == 2)
        // The key is the anchored node's text, `5`, without its `&n`.
        #expect(read.documents.first?.members?.map(\.key) == ["n", "5"])
        #expect(YAMLRead("a: &m {k: 1}\n? *m\n: x").documents.first?.members?.map(\.key) == ["a", "{k: 1}"])
        #expect(read.problemLines == [
            "ambiguousScalar 0..<1 1:1 unquoted n is the string \"n\" here (YAML 1.2), but YAML 1.1 tools (PyYAML, Ruby's Psych and many senders) read it as the boolean false",
            "nonJSONValue 10..<12 2:3 the key *n is not a string; JSON keys are strings",
        ])
        #expect(read.problems.last?.help == "use a string key")
    }

    @Test("an undefined alias is an error that stops reading", arguments: [
        ("a: 1\nb: *nope\nc: 2", "nope", 8..<13, "2:4"),
        ("[1, *x]", "x", 4..<6, "1:5"),
        ("? *k\n: v", "k", 2..<4, "1:3"),
        ("a: [*later]\nb: &later 1", "later", 4..<10, "1:5"),
    ])
    func undefinedAlias(_ text: String, _ name: String, _ range: Range<Int>, _ position: String) {
        let read = YAMLRead(text)
        #expect(read.documents.isEmpty)
        #expect(read.problemLines == [
            "invalidSyntax \(SourceRange(range)) \(position) the alias *\(name) refers to no anchor; an anchor (&\(name)) must come before its aliases in the same document",
        ])
        #expect(read.problems.first?.help == "define &\(name) earlier, or fix the alias name")
    }

    @Test("an alias inside its own anchored collection is not yet defined")
    func recursiveAlias() {
        let read = YAMLRead("a: &a [1, *a]")
        #expect(read.documents.isEmpty)
        #expect(read.problems.map(\.kind) == [.invalidSyntax])
        #expect(read.problems.first?.range == SourceRange(10..<12))
    }

    // MARK: Merge keys

    @Test("<<: *a merges the members where << stood; explicit keys win whether they come before or after")
    func mergeExplicitWins() throws {
        let text = "base: &b {p: 1, q: 2}\nm1:\n  q: 9\n  <<: *b\n  z: 3\nm2:\n  <<: *b\n  q: 8\n"
        let read = YAMLRead(text)
        #expect(read.problems.isEmpty, "\(read.problemLines)")
        let root = try #require(read.documents.first)
        let m1 = try #require(root.member("m1")?.value)
        #expect(dumpTree(m1) == #"{"q"@28..<29: i:9@31..<32, "p"@10..<11: i:1@13..<14, "z"@44..<45: i:3@47..<48}@28..<48"#)
        let m2 = try #require(root.member("m2")?.value)
        #expect(dumpTree(m2) == #"{"p"@10..<11: i:1@13..<14, "q"@64..<65: i:8@67..<68}@55..<68"#)
        // The merged member keeps the ranges of the anchored mapping, the place to change it.
        #expect(read.source.text(try #require(m2.members?.first).keyRange) == "p")
        #expect(read.at(10) == "1:11")
    }

    @Test("<<: [*a, *b]: earlier sources win, then explicit keys over all")
    func mergeList() {
        #expect(yamlTree("a: &a {x: 1}\nb: &b {x: 2, w: 2}\nm:\n  <<: [*a, *b]") == #"""
            {"a"@0..<1: {"x"@7..<8: i:1@10..<11}@6..<12, "b"@13..<14: {"x"@20..<21: i:2@23..<24, "w"@26..<27: i:2@29..<30}@19..<31, \#
            "m"@32..<33: {"x"@7..<8: i:1@10..<11, "w"@26..<27: i:2@29..<30}@37..<49}@0..<49
            """#)
        #expect(yamlTree("a: &a {x: 1}\nb: &b {x: 2, w: 2}\nm: {w: 0, <<: [*b, *a]}") == #"""
            {"a"@0..<1: {"x"@7..<8: i:1@10..<11}@6..<12, "b"@13..<14: {"x"@20..<21: i:2@23..<24, "w"@26..<27: i:2@29..<30}@19..<31, \#
            "m"@32..<33: {"w"@36..<37: i:0@39..<40, "x"@20..<21: i:2@23..<24}@35..<55}@0..<55
            """#)
    }

    @Test("<< can merge an inline mapping, and two << keys merge in order")
    func mergeInlineAndTwice() {
        #expect(yamlTree("m:\n  <<: {a: 1, b: 1}\n  c: 2") == #"""
            {"m"@0..<1: {"a"@10..<11: i:1@13..<14, "b"@16..<17: i:1@19..<20, "c"@24..<25: i:2@27..<28}@5..<28}@0..<28
            """#)
        #expect(yamlTree("a: &a {k: 1}\nb: &b {k: 2, l: 2}\nm: {<<: *a, <<: *b}") == #"""
            {"a"@0..<1: {"k"@7..<8: i:1@10..<11}@6..<12, "b"@13..<14: {"k"@20..<21: i:2@23..<24, "l"@26..<27: i:2@29..<30}@19..<31, \#
            "m"@32..<33: {"k"@7..<8: i:1@10..<11, "l"@26..<27: i:2@29..<30}@35..<51}@0..<51
            """#)
    }

    @Test("a quoted or tagged << is an ordinary key")
    func quotedMergeKey() {
        #expect(yamlTree("a: &a {k: 1}\nm: {'<<': *a, !!str <<: 2}") == #"""
            {"a"@0..<1: {"k"@7..<8: i:1@10..<11}@6..<12, "m"@13..<14: {"<<"@17..<21: {"k"@7..<8: i:1@10..<11}@6..<12, \#
            "<<"@33..<35: i:2@37..<38}@16..<39}@0..<39
            """#)
    }

    @Test("a merge of anything but a mapping or a list of mappings is .invalidSyntax at the << key; reading goes on", arguments: [
        ("m:\n  <<: 1\n  k: v\n", 5..<7, "2:3"),
        ("m:\n  <<: [1]\n  k: v\n", 5..<7, "2:3"),
        ("m:\n  <<:\n  k: v\n", 5..<7, "2:3"),
        ("s: &s text\nm:\n  <<: *s\n  k: v\n", 16..<18, "3:3"),
        ("a: &a {x: 1}\nm:\n  <<: [*a, 2]\n  k: v\n", 18..<20, "3:3"),
        ("l: &l [1]\nm: {<<: *l, k: v}\n", 14..<16, "2:5"),
    ])
    func mergeOfNonMapping(_ text: String, _ range: Range<Int>, _ position: String) throws {
        let read = YAMLRead(text)
        #expect(read.problemLines == ["invalidSyntax \(SourceRange(range)) \(position) \(Self.mergeMessage)"])
        #expect(read.problems.first?.help == Self.mergeHelp)
        let m = try #require(read.documents.first?.member("m")?.value)
        // The failed merge adds nothing; the other members are read.
        #expect(m.members?.map(\.key) == ["k"])
        #expect(m.member("k")?.value.string == "v")
    }
}
