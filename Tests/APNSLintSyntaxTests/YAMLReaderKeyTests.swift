import APNSLintSyntax
import APNSLintTestSupport
import Testing

/// Mapping keys: non-string keys, collections as keys, duplicates; and YAML 1.1 readings of plain scalars.
@Suite("YAMLReader: keys and ambiguous scalars")
struct YAMLReaderKeyTests {
    static let yaml11 = "YAML 1.1 tools (PyYAML, Ruby's Psych and many senders) read it as"

    // MARK: Non-string keys

    /// The third element: for a float YAML 1.1 reads as a string, the number YAML 1.2 reads (its JSON text).
    @Test("a plain key that resolves to a non-string: .nonJSONValue, the key text kept as the string key", arguments: [
        ("1", "an integer", nil), ("-7", "an integer", nil), ("0x1F", "an integer", nil), ("1.5", "a number", nil),
        ("1e3", "a number", "1e3"), ("1E3", "a number", "1e3"), ("1.0e3", "a number", "1.0e3"),
        ("true", "a boolean", nil), ("False", "a boolean", nil), ("null", "null", nil), ("~", "null", nil),
    ] as [(String, String, String?)])
    func nonStringKey(_ key: String, _ description: String, _ yaml11String: String?) throws {
        let read = YAMLRead("\(key): x\nnext: 2\n")
        let members = try #require(read.documents.first?.members)
        #expect(members.map(\.key) == [key, "next"])
        #expect(members.first?.keyRange == SourceRange(0..<key.utf8.count))
        #expect(members.first?.value.string == "x")
        // A float without a dot and a signed exponent is also a string in YAML 1.1: that comes first.
        #expect(read.problems.map(\.kind) == (yaml11String == nil ? [.nonJSONValue] : [.ambiguousScalar, .nonJSONValue]),
                "\(read.problemLines)")
        if let number = yaml11String {
            let ambiguous = try #require(read.problems.first)
            #expect(ambiguous.message == "unquoted \(key) is the number \(number) here (YAML 1.2), but \(Self.yaml11) the string \"\(key)\"")
            #expect(ambiguous.help == "quote it (\"\(key)\") to make it a string everywhere, or write the value in a form both versions agree on")
            #expect(ambiguous.range == SourceRange(0..<key.utf8.count))
        }
        let problem = try #require(read.problems.last)
        #expect(problem.kind == .nonJSONValue)
        #expect(problem.message == "the key \(key) is \(description) in YAML, but JSON keys are strings; it becomes \"\(key)\"")
        #expect(problem.help == "quote the key: \"\(key)\"")
        #expect(problem.range == SourceRange(0..<key.utf8.count))
    }

    @Test("quoted and string keys are fine; a flow mapping's non-string key is reported too")
    func stringKeys() {
        let read = YAMLRead("\"1\": a\n'true': b\nyes_no: c\n{2: d}: e\n")
        // The last entry has a mapping as key; its inner key 2 is itself not a string.
        #expect(read.problems.map(\.kind) == [.nonJSONValue, .nonJSONValue])
        #expect(read.problems.map(\.range) == [SourceRange(28..<29), SourceRange(27..<33)])
        #expect(read.documents.first?.members?.map(\.key) == ["1", "true", "yes_no", "{2: d}"])
    }

    @Test("a sequence or a mapping as key: .nonJSONValue, the key's source text becomes the key", arguments: [
        ("? [a, b]\n: x\n", "[a, b]", 2..<8, "sequence"),
        ("[a, b]: x\n", "[a, b]", 0..<6, "sequence"),
        ("? {k: v}\n: x\n", "{k: v}", 2..<8, "mapping"),
        ("? - a\n  - b\n: x\n", "- a\n  - b", 2..<11, "sequence"),
    ])
    func collectionKey(_ text: String, _ key: String, _ range: Range<Int>, _ kind: String) throws {
        let read = YAMLRead(text)
        let member = try #require(read.documents.first?.members?.first)
        #expect(member.key == key)
        #expect(member.keyRange == SourceRange(range))
        #expect(member.value.string == "x")
        #expect(read.problemLines == [
            "nonJSONValue \(SourceRange(range)) \(read.at(range.lowerBound)) a \(kind) is used as a key; JSON keys are strings, so this key cannot be sent",
        ])
        #expect(read.problems.first?.help == "use a string key")
    }

    @Test("duplicate keys are all kept, in order, without a reader problem")
    func duplicateKeys() throws {
        let read = YAMLRead("a: 1\nb: 2\na: 3\n{c: 4, c: 5}: 0\n")
        let root = try #require(read.documents.first)
        #expect(dumpTree(root).hasPrefix(#"{"a"@0..<1: i:1@3..<4, "b"@5..<6: i:2@8..<9, "a"@10..<11: i:3@13..<14, "#))
        #expect(root.members?.map(\.key) == ["a", "b", "a", "{c: 4, c: 5}"])
        #expect(root.member("a")?.value.number?.text == "3")
        #expect(read.problems.map(\.kind) == [.nonJSONValue])
        #expect(yamlTree("{x: 1, x: 2}") == #"{"x"@1..<2: i:1@4..<5, "x"@7..<8: i:2@10..<11}@0..<12"#)
    }

    // MARK: YAML 1.1 readings

    @Test("plain scalars YAML 1.1 reads differently: .ambiguousScalar as a value and as a key", arguments: [
        "yes", "Yes", "YES", "yEs", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF", "oFf", "y", "Y", "n", "N",
        "010", "-010", "0777", "08", "0o10", "0o7", "0b101", "0b0", "1_000", "+1_0", "1_000.5", "1_",
        // Base 60 as PyYAML reads it: integers `[-+]?[1-9][0-9_]*(:[0-5]?[0-9])+`, floats with a `.` after.
        "1:30", "-1:30", "+1:30", "1:30:00", "190:20:30", "1_0:30", "1:5", "1:30.5", "0:30.5", "1:30.", "-0:30.5",
        // Timestamps: a full date, or a date (one-digit month and day allowed) with a time.
        "2026-11-21", "2026-11-21T10:00:00Z", "2026-11-21 10:00:00", "2026-1-2 1:00:00", "2026-11-21t10:00:00.5",
        "2026-11-21T10:00:00.5-05:00", "2026-11-21 10:00:00 +1",
        // Floats YAML 1.2 reads as numbers but PyYAML's float pattern does not match: strings in YAML 1.1.
        "1e3", "1E3", "1.0e3", "12e+03", "0e0", ".5e1", "1.e5", "-1E+2", "1.5e3",
    ])
    func ambiguous(_ text: String) throws {
        let asValue = YAMLRead("v: \(text)\n")
        #expect(asValue.problems.map(\.kind) == [.ambiguousScalar], "\(asValue.problemLines)")
        #expect(asValue.problems.first?.range == SourceRange(3..<(3 + text.utf8.count)))
        #expect(asValue.problems.first?.message.hasPrefix("unquoted \(text) is ") == true)
        #expect(asValue.problems.first?.message.contains(Self.yaml11) == true)
        #expect(asValue.documents.count == 1)

        let asKey = YAMLRead("\(text): v\n")
        let kinds = asKey.problems.map(\.kind)
        // A key that is also a number in YAML 1.2 is reported twice: ambiguous, and not a string.
        #expect(kinds == [.ambiguousScalar] || kinds == [.ambiguousScalar, .nonJSONValue], "\(asKey.problemLines)")
        #expect(asKey.problems.allSatisfy { $0.range == SourceRange(0..<text.utf8.count) })
        #expect(asKey.documents.first?.members?.first?.key == text)

        for quoted in ["\"\(text)\"", "'\(text)'"] {
            #expect(YAMLRead("v: \(quoted)\n").problems.isEmpty)
            #expect(YAMLRead("\(quoted): v\n").problems.isEmpty)
        }
        #expect(YAMLRead("v: !!str \(text)\n").problems.isEmpty)
    }

    @Test("plain scalars both versions read alike are not reported", arguments: [
        "true", "false", "True", "10", "0", "-3", "+12", "1.5", ".5", "1.", "0x1F", "007", "00", "-007", "07",
        "v1:30", "ten", "yess", "onn", "nope", "0b", "0b2", "0o", "_1", "a_b",
        "2026", "2026-11", "26-11-21", "2026/11/21", "20261121", "x2026-11-21",
        // Not base 60 for PyYAML: a leading 0 in the integer form, a "digit" above 59, no fraction for 0:30.
        "0:30", "1:70", "1:60", "01:30", "0:30:00",
        // Not a timestamp for PyYAML: a short month or day without a time, a time without seconds.
        "2026-1-2", "2026-11-2", "2026-11-21 10:00", "2026-11-21T10:00", "2026-11-21T10:00:00 Zulu",
        // Floats with a dot, and a signed exponent if any: the same number in both versions.
        "1.0", "-1.5", "1.5e+3", "1.5E-3", "+1.5e-3", "1.e+5",
    ])
    func notAmbiguous(_ text: String) throws {
        let read = YAMLRead("v: \(text)\n")
        #expect(read.problems.isEmpty, "\(read.problemLines)")
        #expect(read.documents.count == 1)
    }

    @Test("a key ending in a colon, `12:`, is not a base-60 number")
    func colonSuffixKey() {
        let read = YAMLRead("12:: 4\n")
        #expect(read.problems.isEmpty)
        #expect(read.dumps == [#"{"12:"@0..<3: i:4@5..<6}@0..<6"#])
    }

    @Test("exact messages and help for YAML 1.1 readings", arguments: [
        ("yes", #"unquoted yes is the string "yes" here (YAML 1.2), but \#(yaml11) the boolean true"#,
         #"quote it ("yes") to make it a string everywhere"#),
        ("Off", #"unquoted Off is the string "Off" here (YAML 1.2), but \#(yaml11) the boolean false"#,
         #"quote it ("Off") to make it a string everywhere"#),
        ("010", #"unquoted 010 is the integer 10 here (YAML 1.2), but \#(yaml11) an octal number (010 is not 10 there)"#,
         #"quote it ("010") to make it a string everywhere, or write the value in a form both versions agree on"#),
        ("09", #"unquoted 09 is the integer 9 here (YAML 1.2), but \#(yaml11) a string or an octal number"#,
         #"quote it ("09") to make it a string everywhere, or write the value in a form both versions agree on"#),
        ("0o10", #"unquoted 0o10 is the integer 8 here (YAML 1.2), but \#(yaml11) the string "0o10""#,
         #"quote it ("0o10") to make it a string everywhere, or write the value in a form both versions agree on"#),
        ("0b101", #"unquoted 0b101 is the string "0b101" here (YAML 1.2), but \#(yaml11) the binary integer 5"#,
         #"quote it ("0b101") to make it a string everywhere"#),
        ("1_000", #"unquoted 1_000 is the string "1_000" here (YAML 1.2), but \#(yaml11) the number 1000"#,
         #"quote it ("1_000") to make it a string everywhere"#),
        ("1:30", #"unquoted 1:30 is the string "1:30" here (YAML 1.2), but \#(yaml11) the base-60 integer 90"#,
         #"quote it ("1:30") to make it a string everywhere"#),
        ("190:20:30", #"unquoted 190:20:30 is the string "190:20:30" here (YAML 1.2), but \#(yaml11) the base-60 integer 685230"#,
         #"quote it ("190:20:30") to make it a string everywhere"#),
        ("-1:30", #"unquoted -1:30 is the string "-1:30" here (YAML 1.2), but \#(yaml11) the base-60 integer -90"#,
         #"quote it ("-1:30") to make it a string everywhere"#),
        ("1_0:00:01", #"unquoted 1_0:00:01 is the string "1_0:00:01" here (YAML 1.2), but \#(yaml11) the base-60 integer 36001"#,
         #"quote it ("1_0:00:01") to make it a string everywhere"#),
        ("1:30.5", #"unquoted 1:30.5 is the string "1:30.5" here (YAML 1.2), but \#(yaml11) a base-60 float"#,
         #"quote it ("1:30.5") to make it a string everywhere"#),
        ("1e3", #"unquoted 1e3 is the number 1e3 here (YAML 1.2), but \#(yaml11) the string "1e3""#,
         #"quote it ("1e3") to make it a string everywhere, or write the value in a form both versions agree on"#),
        ("1E3", #"unquoted 1E3 is the number 1e3 here (YAML 1.2), but \#(yaml11) the string "1E3""#,
         #"quote it ("1E3") to make it a string everywhere, or write the value in a form both versions agree on"#),
        ("12e+03", #"unquoted 12e+03 is the number 12e03 here (YAML 1.2), but \#(yaml11) the string "12e+03""#,
         #"quote it ("12e+03") to make it a string everywhere, or write the value in a form both versions agree on"#),
        (".5e1", #"unquoted .5e1 is the number 0.5e1 here (YAML 1.2), but \#(yaml11) the string ".5e1""#,
         #"quote it (".5e1") to make it a string everywhere, or write the value in a form both versions agree on"#),
        ("2026-11-21", #"unquoted 2026-11-21 is the string "2026-11-21" here (YAML 1.2), but \#(yaml11) a date or timestamp, which JSON has no type for"#,
         #"quote it ("2026-11-21") to make it a string everywhere"#),
        ("2026-11-21T10:00:00Z", #"unquoted 2026-11-21T10:00:00Z is the string "2026-11-21T10:00:00Z" here (YAML 1.2), but \#(yaml11) a date or timestamp, which JSON has no type for"#,
         #"quote it ("2026-11-21T10:00:00Z") to make it a string everywhere"#),
        ("2026-1-2 1:00:00", #"unquoted 2026-1-2 1:00:00 is the string "2026-1-2 1:00:00" here (YAML 1.2), but \#(yaml11) a date or timestamp, which JSON has no type for"#,
         #"quote it ("2026-1-2 1:00:00") to make it a string everywhere"#),
    ])
    func ambiguousMessages(_ text: String, _ message: String, _ help: String) {
        let read = YAMLRead("aps:\n  badge: \(text)\n")
        #expect(read.problems.map(\.message) == [message])
        #expect(read.problems.map(\.help) == [help])
        #expect(read.problems.first.map { read.at($0.range.start) } == "2:10")
    }

    @Test("ambiguous scalars inside flow collections and as keys are placed exactly")
    func ambiguousPositions() {
        let read = YAMLRead("flags: [on, off, \"yes\"]\nno: 1\nlist:\n  - y\n")
        #expect(read.problemLines == [
            "ambiguousScalar 8..<10 1:9 unquoted on is the string \"on\" here (YAML 1.2), but \(Self.yaml11) the boolean true",
            "ambiguousScalar 12..<15 1:13 unquoted off is the string \"off\" here (YAML 1.2), but \(Self.yaml11) the boolean false",
            "ambiguousScalar 24..<26 2:1 unquoted no is the string \"no\" here (YAML 1.2), but \(Self.yaml11) the boolean false",
            "ambiguousScalar 40..<41 4:5 unquoted y is the string \"y\" here (YAML 1.2), but \(Self.yaml11) the boolean true",
        ])
        #expect(read.documents.first?.members?.map(\.key) == ["flags", "no", "list"])
    }
}

@Suite("YAMLReader: base-60 values that overflow")
struct YAMLReaderBase60OverflowTests {
    @Test(arguments: ["9223372036854775807:59", "1:00:00:00:00:00:00:00:00:00:00:00", "99999999999999999999:30"])
    func hugeBase60IsReportedWithoutAValue(_ text: String) {
        let read = YAMLReader.read(SourceText("a: \(text)\n"))
        #expect(read.problems.map(\.kind) == [.ambiguousScalar])
        #expect(read.problems.first?.message == "unquoted \(text) is the string \"\(text)\" here (YAML 1.2), but YAML 1.1 tools (PyYAML, Ruby's Psych and many senders) read it as a base-60 integer")
    }
}
