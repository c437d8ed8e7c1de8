@testable import APNSLintSyntax
import Foundation
import Testing

/// `JSONValue`: the reports' JSON (members as given), and the configuration schema's and the Language Server's, written
/// as `JSONSerialization` writes it; read with the project's reader.
@Suite("JSONValue")
struct JSONValueTests {
    static let sample: JSONValue = [
        "b": [1, -2, .double(2.5), .double(3.0), true, false, .null, "x"],
        "a": "quote \" backslash \\ slash / newline \n tab \t bell \u{7} é 😀",
        "c": [:], "d": [],
    ]

    @Test("sorted compact: keys sorted, strings escaped, slashes left alone, numbers and literals as JSONSerialization writes them")
    func sortedCompact() {
        #expect(Self.sample.serialized(.sortedCompact) == #"{"a":"quote \" backslash \\ slash / newline \n tab \t bell \u0007 é 😀","b":[1,-2,2.5,3,true,false,null,"x"],"c":{},"d":[]}"#)
    }

    @Test("sorted pretty: two spaces, \" : \" between a key and its value, one element a line")
    func sortedPretty() {
        let value: JSONValue = ["k": ["v", 1], "j": ["z": false]]
        #expect(value.serialized(.sortedPretty) == """
            {
              "j" : {
                "z" : false
              },
              "k" : [
                "v",
                1
              ]
            }
            """)
    }

    @Test("the reports' styles: members as given; pretty from a level, compact, and spaced on one line")
    func reportStyles() {
        let value: JSONValue = ["z": 1, "a": ["x", .object([])], "m": .optional(nil)]
        #expect(value.serialized(level: 1) == "{\n    \"z\": 1,\n    \"a\": [\n      \"x\",\n      {}\n    ],\n    \"m\": null\n  }")
        #expect(value.serialized(.compact) == #"{"z":1,"a":["x",{}],"m":null}"#)
        #expect(value.serialized(.spaced) == #"{"z": 1, "a": ["x", {}], "m": null}"#)
        #expect(JSONValue.quoted("\u{7F}\u{2028}") == #""\u007f\u2028""#)
    }

    @Test("keys in JSONSerialization's sortedKeys order: case-insensitive, digit runs by value", arguments: [
        (["b", "A", "a", "B"], ["a", "A", "b", "B"]),
        (["item10", "item9", "item1", "item01"], ["item1", "item01", "item9", "item10"]),
        (["maximum", "maxItems", "max-items", "max"], ["max", "max-items", "maximum", "maxItems"]),
    ])
    func keyOrder(keys: [String], sorted: [String]) {
        #expect(keys.sorted(by: JSONValue.keyOrder) == sorted)
        // As Foundation sorts them.
        let object = Dictionary(uniqueKeysWithValues: keys.map { ($0, 0) })
        let foundation = String(decoding: try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
        #expect(JSONValue.object(keys.map { ($0, 0) }).serialized(.sortedCompact) == foundation)
    }

    @Test("parse: integers as int (whole numbers written otherwise too), other numbers as double, members in order")
    func parse() throws {
        let value = try JSONValue.parse(Array(#"{"i": 3, "w": 2.0, "e": 1e2, "d": 0.5, "s": "a\/b\u00e9", "t": true, "n": null, "l": [{}]}"#.utf8))
        #expect(value == ["i": 3, "w": 2, "e": 100, "d": .double(0.5), "s": "a/bé", "t": true, "n": .null, "l": [[:]]])
        #expect(value["i"]?.int == 3)
        #expect(value["s"]?.string == "a/bé")
        #expect(value["t"]?.bool == true)
        #expect(value["n"]?.isNull == true)
        #expect(value["l"]?.array?.first?.members?.isEmpty == true)
        #expect(value["missing"] == nil && value["s"]?["x"] == nil)
        #expect(try JSONValue.parse(Array("7".utf8)) == 7)
    }

    @Test("a key given twice keeps its first place and its last value, as JSONSerialization's dictionary keeps the last")
    func duplicateKeys() throws {
        let value = try JSONValue.parse(Array(#"{"a": 1, "b": 2, "a": 3}"#.utf8))
        #expect(value == ["a": 3, "b": 2])
    }

    @Test("setting a member replaces it where it stands or appends it; merging does so for each of the other's")
    func members() {
        var value: JSONValue = ["a": 1, "b": 2]
        value["a"] = "x"
        value["c"] = true
        #expect(value == ["a": "x", "b": 2, "c": true])
        value["b"] = nil
        #expect(value.merging(["c": false, "d": []]) == ["a": "x", "c": false, "d": []])
    }

    @Test("what is not JSON is an error with the reader's message and the byte where it is", arguments: [
        ("{\"a\": }", 6), ("[1, 2", 5), ("", 0),
    ])
    func notJSON(text: String, offset: Int) {
        #expect { try JSONValue.parse(Array(text.utf8)) } throws: { error in
            guard let error = error as? JSONValue.ParseError else { return false }
            return error.offset == offset && !error.message.isEmpty
        }
    }
}
