import APNSLintSyntax
import APNSLintTestSupport
import Testing

/// One input the reader must reject with a single fatal problem.
struct FatalCase: Sendable, CustomTestStringConvertible {
    let bytes: [UInt8]
    let message: String
    let range: Range<Int>
    let position: String
    let help: String?

    init(_ text: String, _ message: String, _ range: Range<Int>, _ position: String, help: String? = nil) {
        self.bytes = Array(text.utf8)
        self.message = message
        self.range = range
        self.position = position
        self.help = help
    }

    var testDescription: String { String(reflecting: String(decoding: bytes, as: UTF8.self)) }

    func check(sourceLocation: SourceLocation = #_sourceLocation) {
        let source = SourceText(bytes: bytes)
        let problem = expectSingleFatal(JSONReader.read(source), in: source, message: message, range: range,
                                        at: position, sourceLocation: sourceLocation)
        if let help {
            #expect(problem?.help == help, sourceLocation: sourceLocation)
        }
    }
}

@Suite("JSONReader: invalid documents")
struct JSONReaderErrorTests {
    // MARK: Strings

    @Test("invalid strings", arguments: [
        FatalCase(#""abc"#, #"unterminated string: the string that starts here has no closing '"'"#, 0..<1, "1:1"),
        FatalCase(#"{"a": "abc"#, #"unterminated string: the string that starts here has no closing '"'"#, 6..<7, "1:7"),
        FatalCase(#"{"ab"#, #"unterminated string: the string that starts here has no closing '"'"#, 1..<2, "1:2"),
        FatalCase(#""é\n"#, #"unterminated string: the string that starts here has no closing '"'"#, 0..<1, "1:1"),
        FatalCase("[\"ab\ncd\"]", "unterminated string: a line break cannot appear inside a JSON string", 1..<4, "1:2",
                  help: #"close the string with '"' on the same line, or write the line break as \n"#),
        FatalCase("[\"ab\rcd\"]", "unterminated string: a line break cannot appear inside a JSON string", 1..<4, "1:2"),
        FatalCase("[\"ab\r\ncd\"]", "unterminated string: a line break cannot appear inside a JSON string", 1..<4, "1:2"),
        FatalCase("{\"a\n\": 1}", "unterminated string: a line break cannot appear inside a JSON string", 1..<3, "1:2"),
        FatalCase(#""\x""#, #"invalid escape \x: JSON escapes are \" \\ \/ \b \f \n \r \t and \uXXXX"#, 1..<3, "1:2"),
        FatalCase(#""ab\'""#, #"invalid escape \': JSON escapes are \" \\ \/ \b \f \n \r \t and \uXXXX"#, 3..<5, "1:4"),
        FatalCase(#""\U0041""#, #"invalid escape \U: JSON escapes are \" \\ \/ \b \f \n \r \t and \uXXXX"#, 1..<3, "1:2"),
        FatalCase(#""\é""#, #"invalid escape \é: JSON escapes are \" \\ \/ \b \f \n \r \t and \uXXXX"#, 1..<4, "1:2"),
        FatalCase(#""\"#, "unterminated string: the input ends inside an escape sequence", 1..<2, "1:2"),
        FatalCase(#""\u12G4""#, #"invalid escape \u12G: \u must be followed by four hex digits"#, 1..<6, "1:2"),
        FatalCase(#""\u""#, #"invalid escape \u": \u must be followed by four hex digits"#, 1..<4, "1:2"),
        FatalCase(#""\u12"#, #"invalid escape \u12: \u must be followed by four hex digits"#, 1..<5, "1:2"),
        FatalCase(#""\u12é""#, #"invalid escape \u12é: \u must be followed by four hex digits"#, 1..<7, "1:2"),
        FatalCase(#""\ud800\u12""#, #"invalid escape \u12": \u must be followed by four hex digits"#, 7..<12, "1:8"),
    ])
    func invalidString(_ c: FatalCase) { c.check() }

    @Test("lone surrogates", arguments: [
        FatalCase(#""\ud800""#, #"lone surrogate \ud800: a UTF-16 surrogate must come as a high/low pair"#, 1..<7, "1:2",
                  help: "write the character itself, or both halves of its surrogate pair"),
        FatalCase(#""\ud800"#, #"lone surrogate \ud800: a UTF-16 surrogate must come as a high/low pair"#, 1..<7, "1:2"),
        FatalCase(#""\ud800abc""#, #"lone surrogate \ud800: a UTF-16 surrogate must come as a high/low pair"#, 1..<7, "1:2"),
        FatalCase(#""\ud800\n""#, #"lone surrogate \ud800: a UTF-16 surrogate must come as a high/low pair"#, 1..<7, "1:2"),
        FatalCase(#""\ud800\u0041""#, #"lone surrogate \ud800: a UTF-16 surrogate must come as a high/low pair"#, 1..<7, "1:2"),
        FatalCase(#""x\uD800\uD800""#, #"lone surrogate \uD800: a UTF-16 surrogate must come as a high/low pair"#, 2..<8, "1:3"),
        FatalCase(#""\udc00""#, #"lone surrogate \udc00: a UTF-16 surrogate must come as a high/low pair"#, 1..<7, "1:2"),
        FatalCase(#""\uDFFF\uD800""#, #"lone surrogate \uDFFF: a UTF-16 surrogate must come as a high/low pair"#, 1..<7, "1:2"),
        FatalCase(#"{"\udbff": 1}"#, #"lone surrogate \udbff: a UTF-16 surrogate must come as a high/low pair"#, 2..<8, "1:3"),
    ])
    func loneSurrogate(_ c: FatalCase) { c.check() }

    @Test("unescaped control characters in strings (RFC 8259 §7)", arguments: [
        FatalCase("\"a\tb\"", "control character U+0009 in string: JSON requires it to be escaped", 2..<3, "1:3",
                  help: #"write it as \t"#),
        FatalCase("\"a\u{01}b\"", "control character U+0001 in string: JSON requires it to be escaped", 2..<3, "1:3",
                  help: #"write it as \u0001"#),
        FatalCase("\"\u{00}\"", "control character U+0000 in string: JSON requires it to be escaped", 1..<2, "1:2",
                  help: #"write it as \u0000"#),
        FatalCase("\"\u{08}\"", "control character U+0008 in string: JSON requires it to be escaped", 1..<2, "1:2",
                  help: #"write it as \b"#),
        FatalCase("\"\u{0C}\"", "control character U+000C in string: JSON requires it to be escaped", 1..<2, "1:2",
                  help: #"write it as \f"#),
        FatalCase("\"é\u{1F}\"", "control character U+001F in string: JSON requires it to be escaped", 3..<4, "1:3",
                  help: #"write it as \u001F"#),
        FatalCase("{\"a\u{1F}\":1}", "control character U+001F in string: JSON requires it to be escaped", 3..<4, "1:4"),
        FatalCase("\"\\n\t\"", "control character U+0009 in string: JSON requires it to be escaped", 3..<4, "1:4"),
    ])
    func controlCharacter(_ c: FatalCase) { c.check() }

    // MARK: Numbers

    @Test("invalid numbers", arguments: [
        FatalCase("01", "leading zeros are not allowed in JSON numbers (01)", 0..<2, "1:1",
                  help: "remove the leading zeros, or quote the value if it is an identifier"),
        FatalCase("-01", "leading zeros are not allowed in JSON numbers (-01)", 0..<3, "1:1"),
        FatalCase("[007]", "leading zeros are not allowed in JSON numbers (007)", 1..<4, "1:2"),
        FatalCase("00.5", "leading zeros are not allowed in JSON numbers (00)", 0..<2, "1:1"),
        FatalCase("NaN", "NaN is not JSON: JSON numbers must be finite", 0..<3, "1:1"),
        FatalCase("Infinity", "Infinity is not JSON: JSON numbers must be finite", 0..<8, "1:1"),
        FatalCase("-Infinity", "-Infinity is not JSON: JSON numbers must be finite", 0..<9, "1:1"),
        FatalCase(#"{"a": -Infinity}"#, "-Infinity is not JSON: JSON numbers must be finite", 6..<15, "1:7"),
        FatalCase("[NaN]", "NaN is not JSON: JSON numbers must be finite", 1..<4, "1:2"),
        FatalCase("+1", "invalid number: JSON numbers cannot start with '+'", 0..<1, "1:1"),
        FatalCase(".5", "invalid number: JSON numbers need a digit before the decimal point", 0..<1, "1:1"),
        FatalCase("1.", "invalid number: a decimal point must be followed by a digit", 0..<2, "1:1"),
        FatalCase("[1.]", "invalid number: a decimal point must be followed by a digit", 1..<3, "1:2"),
        FatalCase("1.e5", "invalid number: a decimal point must be followed by a digit", 0..<2, "1:1"),
        FatalCase("1e", "invalid number: an exponent must have digits", 0..<2, "1:1"),
        FatalCase("1e+", "invalid number: an exponent must have digits", 0..<3, "1:1"),
        FatalCase("[1E-]", "invalid number: an exponent must have digits", 1..<4, "1:2"),
        FatalCase("-", "invalid number: '-' must be followed by a digit", 0..<1, "1:1"),
        FatalCase("[-]", "invalid number: '-' must be followed by a digit", 1..<2, "1:2"),
        FatalCase("- 1", "invalid number: '-' must be followed by a digit", 0..<1, "1:1"),
        FatalCase("0x10", "invalid number '0x10': hexadecimal numbers are not JSON", 0..<4, "1:1"),
        FatalCase(#"{"n": -0x1F}"#, "invalid number '-0x1F': hexadecimal numbers are not JSON", 6..<11, "1:7"),
        FatalCase("1.5.3", "invalid number '1.5.3': JSON numbers are written as -12.5e3", 0..<5, "1:1"),
        FatalCase("1_000", "invalid number '1_000': JSON numbers are written as -12.5e3", 0..<5, "1:1"),
        FatalCase("[12abc]", "invalid number '12abc': JSON numbers are written as -12.5e3", 1..<6, "1:2"),
    ])
    func invalidNumber(_ c: FatalCase) { c.check() }

    // MARK: Literals and words

    @Test("words that are not JSON literals", arguments: [
        FatalCase("True", "'True' is not JSON: the literals are lowercase true, false and null", 0..<4, "1:1"),
        FatalCase("None", "'None' is not JSON: the literals are lowercase true, false and null", 0..<4, "1:1"),
        FatalCase("[FALSE]", "'FALSE' is not JSON: the literals are lowercase true, false and null", 1..<6, "1:2"),
        FatalCase(#"{"a":Null}"#, "'Null' is not JSON: the literals are lowercase true, false and null", 5..<9, "1:6"),
        FatalCase("nil", "'nil' is not JSON: the literals are lowercase true, false and null", 0..<3, "1:1"),
        FatalCase("undefined", "undefined is not JSON: use null or leave the key out", 0..<9, "1:1"),
        FatalCase("[1, undefined]", "undefined is not JSON: use null or leave the key out", 4..<13, "1:5"),
        FatalCase("tru", "unexpected word 'tru': strings must be in double quotes", 0..<3, "1:1"),
        FatalCase("nulls", "unexpected word 'nulls': strings must be in double quotes", 0..<5, "1:1"),
        FatalCase("true_", "unexpected word 'true_': strings must be in double quotes", 0..<5, "1:1"),
        FatalCase(#"{"a": yes}"#, "unexpected word 'yes': strings must be in double quotes", 6..<9, "1:7"),
        FatalCase("'x'", "strings must be in double quotes, not single quotes", 0..<1, "1:1"),
        FatalCase(#"{"a": 'x'}"#, "strings must be in double quotes, not single quotes", 6..<7, "1:7"),
        FatalCase("{'a': 1}", "object keys must be strings in double quotes, not single quotes", 1..<2, "1:2"),
        FatalCase("{a: 1}", #"object keys must be strings in double quotes: write "a""#, 1..<2, "1:2"),
        FatalCase(#"{"a":1, b:2}"#, #"object keys must be strings in double quotes: write "b""#, 8..<9, "1:9"),
        FatalCase("{content-available: 1}", #"object keys must be strings in double quotes: write "content-available""#,
                  1..<18, "1:2"),
        FatalCase("{1:2}", #"object keys must be strings in double quotes: write "1""#, 1..<2, "1:2"),
    ])
    func invalidWord(_ c: FatalCase) { c.check() }

    // MARK: Structure

    @Test("missing and misplaced punctuation", arguments: [
        FatalCase(#"{"a" 1}"#, #"expected ':' after the key "a", found '1'"#, 5..<6, "1:6"),
        FatalCase(#"{"a"}"#, #"expected ':' after the key "a", found '}'"#, 4..<5, "1:5"),
        FatalCase(#"{"a",1}"#, #"expected ':' after the key "a", found ','"#, 4..<5, "1:5"),
        FatalCase(#"{"a" é}"#, #"expected ':' after the key "a", found U+00E9 'é'"#, 5..<7, "1:6"),
        FatalCase(#"{"a":1 "b":2}"#,
                  #"expected ',' or '}' after an object member, found '"' (is a ',' missing between two members?)"#, 7..<8, "1:8"),
        FatalCase("{\"a\":1\n\"b\":2}",
                  #"expected ',' or '}' after an object member, found '"' (is a ',' missing between two members?)"#, 7..<8, "2:1"),
        FatalCase(#"{"a":1 2}"#, "expected ',' or '}' after an object member, found '2'", 7..<8, "1:8"),
        FatalCase(#"{"a":1]"#, "expected ',' or '}' after an object member, found ']'", 6..<7, "1:7"),
        FatalCase(#"{"a":1;"b":2}"#, "expected ',' or '}' after an object member, found ';'", 6..<7, "1:7"),
        FatalCase("[1 2]", "expected ',' or ']' after an array element, found '2'", 3..<4, "1:4"),
        FatalCase("[1\n2]", "expected ',' or ']' after an array element, found '2'", 3..<4, "2:1"),
        FatalCase(#"["a" "b"]"#, #"expected ',' or ']' after an array element, found '"'"#, 5..<6, "1:6"),
        FatalCase("[1}", "expected ',' or ']' after an array element, found '}'", 2..<3, "1:3"),
        FatalCase("[1 😀]", "expected ',' or ']' after an array element, found U+1F600 '😀'", 3..<7, "1:4"),
        FatalCase("[1 \u{0C}]", "expected ',' or ']' after an array element, found U+000C", 3..<4, "1:4"),
        FatalCase("[1,,2]", "unexpected ',': an array element is missing", 3..<4, "1:4"),
        FatalCase("[,1]", "unexpected ',': an array element is missing", 1..<2, "1:2"),
        FatalCase("[,]", "unexpected ',': an array element is missing", 1..<2, "1:2"),
        FatalCase("[1, ,]", "unexpected ',': an array element is missing", 4..<5, "1:5"),
        FatalCase("{,}", "expected a key in double quotes, found ','", 1..<2, "1:2"),
        FatalCase(#"{"a":1,,}"#, "expected a key in double quotes, found ','", 7..<8, "1:8"),
        FatalCase("{[]:1}", "expected a key in double quotes, found '['", 1..<2, "1:2"),
        FatalCase("{é:1}", "expected a key in double quotes, found U+00E9 'é'", 1..<3, "1:2"),
        FatalCase(#"{"a":1 é}"#, "expected ',' or '}' after an object member, found U+00E9 'é'", 7..<9, "1:8"),
        FatalCase(#"{"a":}"#, "expected a value, found '}'", 5..<6, "1:6"),
        FatalCase(#"{"a":,}"#, "expected a value, found ','", 5..<6, "1:6"),
        FatalCase(#"{"a"::1}"#, "expected a value, found ':'", 5..<6, "1:6"),
        FatalCase("]", "expected a value, found ']'", 0..<1, "1:1"),
        FatalCase("}", "expected a value, found '}'", 0..<1, "1:1"),
        FatalCase(",", "expected a value, found ','", 0..<1, "1:1"),
        FatalCase(":", "expected a value, found ':'", 0..<1, "1:1"),
        FatalCase("[é]", "expected a value, found U+00E9 'é'", 1..<3, "1:2"),
        // Form feed, vertical tab, NBSP and U+FEFF look like whitespace but are not JSON whitespace.
        FatalCase("\u{0C}1", "expected a value, found U+000C", 0..<1, "1:1"),
        FatalCase("[\u{0B}]", "expected a value, found U+000B", 1..<2, "1:2"),
        FatalCase("\u{A0}1", "expected a value, found U+00A0 '\u{A0}'", 0..<2, "1:1"),
        FatalCase("[\u{FEFF}]", "expected a value, found U+FEFF '\u{FEFF}'", 1..<4, "1:2"),
    ])
    func punctuation(_ c: FatalCase) { c.check() }

    @Test("a '/' that does not start a comment is reported where it stands", arguments: [
        FatalCase("/", "expected a value, found '/'", 0..<1, "1:1"),
        FatalCase("[1, /]", "expected a value, found '/'", 4..<5, "1:5"),
        FatalCase("[1 / 2]", "expected ',' or ']' after an array element, found '/'", 3..<4, "1:4"),
        FatalCase(#"{"a" / 1}"#, #"expected ':' after the key "a", found '/'"#, 5..<6, "1:6"),
        FatalCase(#"{"a":1 /}"#, "expected ',' or '}' after an object member, found '/'", 7..<8, "1:8"),
        FatalCase("{/}", "expected a key in double quotes, found '/'", 1..<2, "1:2"),
        FatalCase("/* x", "unterminated comment: '/*' has no closing '*/' (and comments are not allowed in JSON)", 0..<2, "1:1"),
        FatalCase("/*/", "unterminated comment: '/*' has no closing '*/' (and comments are not allowed in JSON)", 0..<2, "1:1"),
        FatalCase("[1] /* y", "unterminated comment: '/*' has no closing '*/' (and comments are not allowed in JSON)",
                  4..<6, "1:5"),
    ])
    func slash(_ c: FatalCase) { c.check() }

    // MARK: End of input

    @Test("empty and truncated input", arguments: [
        FatalCase("", "empty input: expected a JSON value", 0..<0, "1:1",
                  help: #"a notification definition is a JSON object such as {"aps": {…}}"#),
        FatalCase(" \t\r\n ", "empty input: expected a JSON value", 5..<5, "2:2"),
        FatalCase("\n\n", "empty input: expected a JSON value", 2..<2, "3:1"),
        FatalCase("{", "unexpected end of input: the '{' opened at 1:1 is never closed", 1..<1, "1:2",
                  help: "add the missing '}' (the file may be truncated)"),
        FatalCase("[", "unexpected end of input: the '[' opened at 1:1 is never closed", 1..<1, "1:2",
                  help: "add the missing ']' (the file may be truncated)"),
        FatalCase("[  ", "unexpected end of input: the '[' opened at 1:1 is never closed", 3..<3, "1:4"),
        FatalCase(#"{"a":1"#, "unexpected end of input: the '{' opened at 1:1 is never closed", 6..<6, "1:7"),
        FatalCase(#"{"a":1,"#, "unexpected end of input: the '{' opened at 1:1 is never closed", 7..<7, "1:8"),
        FatalCase(#"{"a""#, "unexpected end of input: the '{' opened at 1:1 is never closed", 4..<4, "1:5"),
        FatalCase("[1,", "unexpected end of input: the '[' opened at 1:1 is never closed", 3..<3, "1:4"),
        FatalCase("[1, [2,", "unexpected end of input: the '[' opened at 1:5 is never closed", 7..<7, "1:8"),
        FatalCase(#"{"a": [1, 2]"#, "unexpected end of input: the '{' opened at 1:1 is never closed", 12..<12, "1:13"),
        FatalCase("{\n  \"a\": {\n    \"b\": 1\n", "unexpected end of input: the '{' opened at 2:8 is never closed",
                  22..<22, "4:1"),
        FatalCase("[\r\n  {\"é😀\": [] ", "unexpected end of input: the '{' opened at 2:3 is never closed",
                  19..<19, "2:13"),
        FatalCase(#"{"a":"#, "unexpected end of input: expected a value", 5..<5, "1:6"),
        FatalCase(#"{"a": "#, "unexpected end of input: expected a value", 6..<6, "1:7"),
    ])
    func endOfInput(_ c: FatalCase) { c.check() }

    @Test("comments before an error are still reported, in order, before the fatal problem")
    func commentThenFatal() {
        let result = readJSON("// c\n[1 2]")
        #expect(result.document == nil)
        #expect(result.problems.map(\.message) == [
            "comments are not allowed in JSON",
            "expected ',' or ']' after an array element, found '2'",
        ])
        #expect(result.problems.map(\.range) == [SourceRange(0..<4), SourceRange(8..<9)])
    }

    @Test("reading stops at the first fatal problem")
    func stopsAtFirstFatal() {
        let result = readJSON(#"[01, "\x", tru]"#)
        #expect(result.document == nil)
        #expect(result.problems.map(\.message) == ["leading zeros are not allowed in JSON numbers (01)"])
    }
}
