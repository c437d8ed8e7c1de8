@testable import APNSLint
import Foundation
import Testing

/// `JSONText`: the configuration schema's and the Language Server's JSON, written as `JSONSerialization` writes it.
@Suite("JSONText")
struct JSONTextTests {
    @Test("compact: keys sorted, strings escaped, slashes left alone, numbers and literals as JSON writes them")
    func compact() {
        let value: [String: Any] = [
            "b": [1, -2, 2.5, 3.0, true, false, JSONText.null, "x"] as [Any],
            "a": "quote \" backslash \\ slash / newline \n tab \t bell \u{7} é 😀",
            "c": [String: Any](), "d": [Any](),
        ]
        #expect(JSONText.write(value) == #"{"a":"quote \" backslash \\ slash / newline \n tab \t bell \u0007 é 😀","b":[1,-2,2.5,3,true,false,null,"x"],"c":{},"d":[]}"#)
    }

    @Test("pretty: two spaces, \" : \" between a key and its value, one element a line")
    func pretty() {
        #expect(JSONText.write(["k": ["v", 1] as [Any], "j": ["z": false]] as [String: Any], pretty: true) == """
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

    @Test("keys in JSONSerialization's sortedKeys order: case-insensitive, digit runs by value", arguments: [
        (["b", "A", "a", "B"], ["a", "A", "b", "B"]),
        (["item10", "item9", "item1", "item01"], ["item1", "item01", "item9", "item10"]),
        (["maximum", "maxItems", "max-items", "max"], ["max", "max-items", "maximum", "maxItems"]),
    ])
    func keyOrder(keys: [String], sorted: [String]) {
        #expect(keys.sorted(by: JSONText.keyOrder) == sorted)
        // As Foundation sorts them.
        let object = Dictionary(uniqueKeysWithValues: keys.map { ($0, 0) })
        let foundation = String(decoding: try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
        #expect(JSONText.write(object) == foundation)
    }

    @Test("parse: integers as Int (whole numbers written otherwise too), other numbers as Double, null as JSONText.null")
    func parse() throws {
        let value = try JSONText.parse(Array(#"{"i": 3, "w": 2.0, "e": 1e2, "d": 0.5, "s": "a\/b\u00e9", "t": true, "n": null, "l": [{}]}"#.utf8))
        let object = try #require(value as? [String: Any])
        #expect(object["i"] as? Int == 3)
        #expect(object["w"] as? Int == 2)
        #expect(object["e"] as? Int == 100)
        #expect(object["d"] as? Double == 0.5)
        #expect(object["s"] as? String == "a/bé")
        #expect(object["t"] as? Bool == true)
        #expect(object["n"] is JSONText.Null)
        #expect((object["l"] as? [Any])?.first is [String: Any])
        #expect(try JSONText.parse(Array("7".utf8)) as? Int == 7)
    }

    @Test("what is not JSON is an error with the reader's message and the byte where it is", arguments: [
        ("{\"a\": }", 6), ("[1, 2", 5), ("", 0),
    ])
    func notJSON(text: String, offset: Int) {
        #expect { try JSONText.parse(Array(text.utf8)) } throws: { error in
            guard let error = error as? JSONText.ParseError else { return false }
            return error.offset == offset && !error.message.isEmpty
        }
    }
}
