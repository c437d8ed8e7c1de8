import APNSLintSyntax
import APNSLintTestSupport
import Testing

/// The jsx conventions apns_json uses to turn a term into JSON. What has no JSON form is a term problem
/// (`ParseResult.termProblems`), reported only where the term is read as JSON, never a syntax problem.
@Suite("ErlangReader: jsx conventions")
struct ErlangReaderJSXTests {
    /// A 2-tuple outside a proplist.
    static let pairMessage = "a {Key, Value} tuple stands for a member only in a proplist (a list of such tuples); here JSON has no tuple, so it becomes null"
    /// Any other tuple.
    static let tupleMessage = "this tuple cannot become JSON (JSON has no tuples); it becomes null"
    static let tupleHelp = "use a list [...] or a proplist [{Key, Value}, ...] instead"

    // MARK: Proplists

    @Test("a list of 2-tuples with atom, binary or integer keys is an object, members in order")
    func proplistIsObject() throws {
        #expect(erlangTree(#"[{alert, <<"Hi">>}, {<<"badge">>, 1}, {3, x}, {-1, y}, {true, z}, {null, n}]."#) == #"""
            {"alert"@2..<7: "Hi"@9..<17, "badge"@21..<32: i:1@34..<35, "3"@39..<40: "x"@42..<43, "-1"@47..<49: "y"@51..<52, \#
            "true"@56..<60: "z"@62..<63, "null"@67..<71: "n"@73..<74}@0..<76
            """#)
    }

    @Test("duplicate keys are all kept, in order; the reader says the first one wins")
    func duplicates() throws {
        let read = ErlangRead("[{a,1},{b,2},{a,3}].")
        #expect(read.problems.isEmpty)
        #expect(read.dumps == [#"{"a"@2..<3: i:1@4..<5, "b"@8..<9: i:2@10..<11, "a"@14..<15: i:3@16..<17}@0..<19"#])
        #expect(read.result.firstDuplicateWins)
        let members = try #require(read.documents.first?.members)
        #expect(members.map(\.key) == ["a", "b", "a"])
        // A member runs from its key to its value; the braces are not part of it.
        #expect(members.map(\.range) == [SourceRange(2..<5), SourceRange(8..<11), SourceRange(14..<17)])
    }

    @Test("a key's range is the key term's, quotes and brackets included")
    func keyRanges() throws {
        let text = #"[{'content-available', 1}, {<<"k">>, 2}, {42, 3}]."#
        #expect(erlangTree(text) == #"{"content-available"@2..<21: i:1@23..<24, "k"@28..<35: i:2@37..<38, "42"@42..<44: i:3@46..<47}@0..<49"#)
        let read = ErlangRead(text)
        let members = try #require(read.documents.first?.members)
        #expect(members.map { read.source.text($0.keyRange) } == ["'content-available'", #"<<"k">>"#, "42"])
    }

    @Test("nested proplists are nested objects; [{}] is the empty object")
    func nested() {
        #expect(erlangTree(#"[{aps, [{alert, [{title, <<"T">>}]}, {badge, 2}]}, {<<"k">>, [{}]}]."#) == #"""
            {"aps"@2..<5: {"alert"@9..<14: {"title"@18..<23: "T"@25..<32}@16..<34, "badge"@38..<43: i:2@45..<46}@7..<48, \#
            "k"@52..<59: {}@61..<65}@0..<67
            """#)
    }

    @Test("[{}] is the empty object and [] the empty array", arguments: [
        ("[{}].", "{}@0..<4"),
        ("[ { } ].", "{}@0..<7"),
        ("[].", "[]@0..<2"),
        ("[{a, []}].", #"{"a"@2..<3: []@5..<7}@0..<9"#),
        ("[{a, [{}]}].", #"{"a"@2..<3: {}@5..<9}@0..<11"#),
        ("[{'', 1}, {<<>>, 2}].", #"{""@2..<4: i:1@6..<7, ""@11..<15: i:2@17..<18}@0..<20"#),
    ])
    func emptyContainers(_ text: String, _ dump: String) {
        #expect(erlangTree(text) == dump)
    }

    // MARK: Tuples that cannot become JSON

    @Test("a list mixing pairs and other values is an array; its tuples become null, each reported")
    func mixedList() {
        let read = ErlangRead("[{a, 1}, 2].")
        #expect(read.problems.isEmpty)
        #expect(read.dumps == ["[null@1..<7, i:2@9..<10]@0..<11"])
        #expect(read.termProblemLines == ["nonJSONValue 1..<7 1:2 \(Self.pairMessage)"])
        #expect(read.termProblems.first?.help == Self.tupleHelp)

        let other = ErlangRead("[1, {a, b, c}, {x, 2}].")
        #expect(other.problems.isEmpty)
        #expect(other.dumps == ["[i:1@1..<2, null@4..<13, null@15..<21]@0..<22"])
        #expect(other.termProblemLines == [
            "nonJSONValue 4..<13 1:5 \(Self.tupleMessage)",
            "nonJSONValue 15..<21 1:16 \(Self.pairMessage)",
        ])
        #expect(other.termProblems.allSatisfy { $0.help == Self.tupleHelp && $0.fix == nil })

        // Two empty tuples are not the empty object.
        let empties = ErlangRead("[{}, {}].")
        #expect(empties.dumps == ["[null@1..<3, null@5..<7]@0..<8"])
        #expect(empties.termProblemLines == [
            "nonJSONValue 1..<3 1:2 \(Self.tupleMessage)",
            "nonJSONValue 5..<7 1:6 \(Self.tupleMessage)",
        ])

        // A pair with a float key is not a pair.
        let floatKey = ErlangRead("[{1.5, a}].")
        #expect(floatKey.dumps == ["[null@1..<9]@0..<10"])
        #expect(floatKey.termProblemLines == ["nonJSONValue 1..<9 1:2 \(Self.pairMessage)"])
    }

    @Test("{{Y,M,D},{H,Mi,S}} is an ISO 8601 string, as jsx writes datetimes")
    func datetimes() {
        #expect(erlangTree("[{sent, {{2026,11,21},{10,0,5}}}, {at, {{26,1,2},{3,4,5}}}].")
                == #"{"sent"@2..<6: "2026-11-21T10:00:05Z"@8..<31, "at"@35..<37: "0026-01-02T03:04:05Z"@39..<57}@0..<59"#)
        #expect(erlangTree("{{2026,1,2},{3,4,5}}.") == #""2026-01-02T03:04:05Z"@0..<20"#)
        #expect(erlangTree("[{{2026,1,2},{3,4,5}}].") == #"["2026-01-02T03:04:05Z"@1..<21]@0..<22"#)

        // Not datetimes: a 2-tuple time, an atom in the time, a float second.
        for (text, range) in [("[{{2026,11,21},{10,0}}].", 1..<22), ("[{{2026,11,21},{10,0,x}}].", 1..<24), ("[{{2026,11,21},{10,0,0.5}}].", 1..<26)] {
            let read = ErlangRead(text)
            #expect(read.dumps == ["[null@\(SourceRange(range))]@0..<\(range.upperBound + 1)"])
            #expect(read.problems.isEmpty)
            #expect(read.termProblemLines == ["nonJSONValue \(SourceRange(range)) 1:2 \(Self.pairMessage)"])
        }
    }

    @Test("a pair whose value is a tuple is a member with a null value, and a problem at the tuple", arguments: [
        ("[{a, {b, c, d}}].", #"{"a"@2..<3: null@5..<14}@0..<16"#, SourceRange(5..<14), tupleMessage),
        ("[{a, {}}].", #"{"a"@2..<3: null@5..<7}@0..<9"#, SourceRange(5..<7), tupleMessage),
        ("[{a, {b, c}}].", #"{"a"@2..<3: null@5..<11}@0..<13"#, SourceRange(5..<11), pairMessage),
        ("[{a, 1}, {b, {1,2,3}}].", #"{"a"@2..<3: i:1@5..<6, "b"@10..<11: null@13..<20}@0..<22"#, SourceRange(13..<20), tupleMessage),
    ])
    func pairWithTupleValue(_ text: String, _ dump: String, _ range: SourceRange, _ message: String) {
        let read = ErlangRead(text)
        #expect(read.dumps == [dump])
        #expect(read.problems.isEmpty)
        #expect(read.termProblems.count == 1)
        #expect(read.termProblems.first?.kind == .nonJSONValue)
        #expect(read.termProblems.first?.message == message)
        #expect(read.termProblems.first?.help == Self.tupleHelp)
        #expect(read.termProblems.first?.range == range)
    }

    @Test("a bare tuple as a whole term is a null document with a problem", arguments: [
        ("{a, 1}.", SourceRange(0..<6), pairMessage),
        ("{}.", SourceRange(0..<2), tupleMessage),
        ("{a, b, c}.", SourceRange(0..<9), tupleMessage),
    ])
    func topLevelTuple(_ text: String, _ range: SourceRange, _ message: String) {
        let read = ErlangRead(text)
        #expect(read.problems.isEmpty)
        #expect(read.dumps == ["null@\(range)"])
        #expect(read.termProblemLines == ["nonJSONValue \(range) 1:\(range.start + 1) \(message)"])
        #expect(read.termProblems.first?.help == Self.tupleHelp)
    }

    @Test("after a binding, the tuple is still read: the binding is a syntax problem, the tuple a term problem")
    func boundTopLevelTuple() {
        let read = ErlangRead("X = {alert, <<\"Hi\">>}.")
        #expect(read.problems.map(\.range) == [SourceRange(0..<1)])
        #expect(read.problems.first?.fix?.edits == [TextEdit.delete(SourceRange(0..<4))])
        #expect(read.dumps == ["null@4..<21"])
        #expect(read.termProblemLines == ["nonJSONValue 4..<21 1:5 \(Self.pairMessage)"])
    }

    @Test("a top-level pair with a tuple value: the term, which becomes null as a whole, is reported once")
    func topLevelPairWithTupleValue() {
        let read = ErlangRead("{ok, {a, b, c}}.\n[ok].")
        #expect(read.problems.isEmpty)
        #expect(read.dumps == ["null@0..<15", #"["ok"@18..<20]@17..<21"#])
        #expect(read.termProblemLines == ["nonJSONValue 0..<15 1:1 \(Self.pairMessage)"])
    }

    // MARK: Maps

    @Test("a map key that cannot be a JSON key drops the entry, with a problem", arguments: [
        ("#{[a] => 1, b => 2}.", #"{"b"@12..<13: i:2@17..<18}@0..<19"#, SourceRange(2..<5)),
        ("#{1.5 => a}.", "{}@0..<11", SourceRange(2..<5)),
        ("#{{a,b} => 1}.", "{}@0..<13", SourceRange(2..<7)),
        ("#{#{} => 1}.", "{}@0..<11", SourceRange(2..<5)),
        ("#{[{}] => 1}.", "{}@0..<12", SourceRange(2..<6)),
    ])
    func mapKeys(_ text: String, _ dump: String, _ range: SourceRange) {
        let read = ErlangRead(text)
        #expect(read.dumps == [dump])
        #expect(read.problems.isEmpty)
        #expect(read.termProblemLines == ["nonJSONValue \(range) 1:\(range.start + 1) a map key must be an atom, a binary or an integer to become a JSON key"])
        #expect(read.termProblems.first?.help == "use an atom or a binary key")
    }

    @Test("a map value that is a tuple is null, with a problem")
    func mapTupleValue() {
        let read = ErlangRead("#{a => {b, c, d}, e => 1}.")
        #expect(read.dumps == [#"{"a"@2..<3: null@7..<16, "e"@18..<19: i:1@23..<24}@0..<25"#])
        #expect(read.problems.isEmpty)
        #expect(read.termProblemLines == ["nonJSONValue 7..<16 1:8 \(Self.tupleMessage)"])
        #expect(read.termProblems.first?.help == Self.tupleHelp)
    }

    // MARK: Character-list keys

    @Test("a character-list key is a key, reported once, where it was read", arguments: [
        ("[{\"k\", 1}].", #"{"k"@2..<5: i:1@7..<8}@0..<10"#),
        ("#{\"k\" => 1}.", #"{"k"@2..<5: i:1@9..<10}@0..<11"#),
    ])
    func charlistKey(_ text: String, _ dump: String) {
        let read = ErlangRead(text)
        #expect(read.dumps == [dump])
        #expect(read.problems.isEmpty)
        #expect(read.termProblemLines == [
            #"charlistString 2..<5 1:3 "k" is a character list (a string in double quotes), read here as a key; jsx takes only atom, binary and integer keys"#,
        ])
        #expect(read.termProblems.first?.help == #"write the key as a binary: <<"k"/utf8>>"#)
    }

    @Test("a character-list key in a list that is not a proplist: only its tuple, which becomes null, is reported")
    func charlistKeyOutsideProplist() {
        let read = ErlangRead("[{\"k\", 1}, 2].")
        #expect(read.problems.isEmpty)
        #expect(read.dumps == ["[null@1..<9, i:2@11..<12]@0..<13"])
        #expect(read.termProblemLines == ["nonJSONValue 1..<9 1:2 \(Self.pairMessage)"])
    }
}
