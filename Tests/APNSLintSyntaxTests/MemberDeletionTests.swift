import APNSLintSyntax
import APNSLintTestSupport
import Testing

/// Where a member's text starts and what deleting it removes, for every reader: the duplicate-key fix deletes members
/// this way, and must never leave a piece of one behind, take a piece of the next, or break a reference.
@Suite("Member deletion")
struct MemberDeletionTests {
    /// The text `deletionRange(ofMember:)` removes from each member of the root object (nil where none may be).
    func deletions(_ text: String, _ read: (SourceText) -> ParseResult) throws -> [String?] {
        let source = SourceText(text)
        let members = try #require(read(source).documents.first?.members)
        return members.indices.map { index in members.deletionRange(ofMember: index).map { source.text($0) } }
    }

    func yaml(_ text: String) throws -> [String?] { try deletions(text) { YAMLReader.read($0) } }

    @Test func jsonMembersGoWithTheSeparatorAfterThemAndTheLastWithTheOneBefore() throws {
        #expect(try deletions(#"{"a": 1, "b": [2], "a": {"c": 3}}"#) { JSONReader.read($0) }
            == [#""a": 1, "#, #""b": [2], "#, #", "a": {"c": 3}"#])
    }

    @Test func erlangProplistMembersGoWithTheirTupleSeparators() throws {
        #expect(try deletions("[{badge, 1},\n {badge, 2}].") { ErlangReader.read($0) } == ["badge, 1},\n {", "},\n {badge, 2"])
    }

    @Test func aYAMLKeyTakesItsAnchorTagAndExplicitKeyMarkWithIt() throws {
        #expect(try yaml("&k a: 1\nb: 2\n") == ["&k a: 1\n", "\nb: 2"])
        #expect(try yaml("!!str a: 1\n  # comment\nb: 2\n") == ["!!str a: 1\n  # comment\n", "\n  # comment\nb: 2"])
        #expect(try yaml("? a\n: 1\nb: 2\n") == ["? a\n: 1\n", "\nb: 2"])
        #expect(try yaml("{&k a: 1, !!str b: 2, c: 3}") == ["&k a: 1, ", "!!str b: 2, ", ", c: 3"])
        let source = SourceText("&k a: 1\n")
        let member = try #require(YAMLReader.read(source).documents.first?.members?.first)
        #expect(member.start == 0)
        #expect(member.keyRange == SourceRange(start: 3, end: 4))
    }

    @Test func aYAMLMemberDefiningAnAnchorAnAliasLaterUsesIsPinned() throws {
        // The key's anchor, a value's anchor and one nested deeper all stay; the member with the alias may go. The last
        // member goes with the separator before it, which needs the member before written in place: not an alias.
        #expect(try yaml("&k a: 1\nb: *k\nc: 1\n") == [nil, "b: *k\n", nil])
        #expect(try yaml("a: &v 1\nb: *v\nc: 1\n") == [nil, "b: *v\n", nil])
        #expect(try yaml("a: {x: &v 1}\nb: *v\nc: 1\n") == [nil, "b: *v\n", nil])
        // An anchor used only inside its own member goes with it.
        #expect(try yaml("a: [&v 1, *v]\nc: 1\n") == ["a: [&v 1, *v]\n", "\nc: 1"])
        // The last member with an alias as its value: that value's text is its anchor's, elsewhere.
        #expect(try yaml("x: &v 1\ny: *v\n") == [nil, nil])
    }

    @Test func noMemberOfAYAMLMappingWithAMergeKeyIsRemovable() throws {
        // A merged member is written elsewhere, and the text between two explicit ones may hold the `<<` entry.
        #expect(try yaml("base: &b {x: 1}\nobj: {y: 3, <<: *b, z: 4}\n") == [nil, "\nobj: {y: 3, <<: *b, z: 4}"])
        let source = SourceText("base: &b {x: 1}\nobj:\n  y: 3\n  <<: *b\n  y: 4\n")
        let object = try #require(YAMLReader.read(source).documents.first?.members?.last?.value.members)
        #expect(object.map(\.key) == ["y", "x", "y"])
        #expect(object.indices.map { object.deletionRange(ofMember: $0) } == [nil, nil, nil])
        #expect(object.map(\.isRemovable) == [false, false, false])
    }

    @Test func aMemberBuiltWithoutAStartStartsAtItsKey() {
        let member = Member(key: "a", keyRange: SourceRange(start: 5, end: 8), value: DocumentNode(.null, range: SourceRange(start: 10, end: 14)))
        #expect(member.start == 5)
        #expect(member.isRemovable)
        // A start after the key is not believed.
        let odd = Member(key: "a", keyRange: SourceRange(start: 5, end: 8), value: DocumentNode(.null, range: SourceRange(start: 10, end: 14)), start: 6)
        #expect(!odd.isRemovable)
    }
}

@Suite("partitioningIndex")
struct PartitioningIndexTests {
    @Test func theFirstIndexWhereThePredicateHolds() {
        let values = [1, 3, 3, 5, 8]
        #expect(values.partitioningIndex { $0 >= 3 } == 1)
        #expect(values.partitioningIndex { $0 > 3 } == 3)
        #expect(values.partitioningIndex { $0 > 8 } == 5)
        #expect(values.partitioningIndex { $0 >= 0 } == 0)
        #expect([Int]().partitioningIndex { $0 > 0 } == 0)
        #expect(values[2...].partitioningIndex { $0 >= 5 } == 3)  // a slice keeps its own indices
    }
}
