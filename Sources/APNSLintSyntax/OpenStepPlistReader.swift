/// Reads the old-style (OpenStep) property list text of an Xcode `project.pbxproj` and of a `.strings` file into a
/// document tree that keeps every key's and value's place, so a finding can point into the file (Foundation's reader
/// gives values without places). Dictionaries become objects, arrays arrays, and every scalar (quoted or not, `<data>`
/// too) a string: the format has no other type.
///
///     { key = value; list = ( a, "b c", ); }       a `.strings` file: "key" = "value"; without the braces
///
/// Comments (`//`, `/* */`) are skipped. Nesting deeper than `depthLimit` is refused, so a hostile file cannot exhaust
/// the stack.
public enum OpenStepPlistReader {
    public static let depthLimit = 256

    public struct Result: Sendable {
        public var document: DocumentNode?
        public var problems: [SyntaxProblem]
    }

    /// - Parameter isStringsFile: the top level is a dictionary's contents without braces (`.strings`), where a
    ///   key alone (`"key";`) stands for `"key" = "key";`.
    public static func read(_ source: SourceText, isStringsFile: Bool = false) -> Result {
        var parser = Parser(bytes: source.bytes)
        do {
            let document: DocumentNode
            parser.skipTrivia()
            if isStringsFile, parser.peek != UInt8(ascii: "{") {
                let start = parser.index
                let members = try parser.members(closing: nil, depth: 1, isStringsFile: true)
                document = DocumentNode(.object(members), range: SourceRange(start: start, end: parser.index))
            } else {
                document = try parser.value(depth: 0)
            }
            parser.skipTrivia()
            if parser.index < parser.bytes.count {
                throw Problem(message: "unexpected text after the property list", at: parser.index)
            }
            return Result(document: document, problems: [])
        } catch let problem as Problem {
            let end = min(problem.offset + 1, source.bytes.count)
            return Result(document: nil, problems: [SyntaxProblem(.invalidSyntax, problem.message, range: SourceRange(start: min(problem.offset, end), end: end))])
        } catch {
            return Result(document: nil, problems: [])
        }
    }

    private struct Problem: Error {
        let message: String
        let offset: Int

        init(message: String, at offset: Int) {
            self.message = message
            self.offset = offset
        }
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipTrivia() {
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                    index += 1
                } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                    while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                    index += 2
                    while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
                    index = min(index + 2, bytes.count)
                } else if index == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
                    index = 3
                } else {
                    return
                }
            }
        }

        mutating func value(depth: Int) throws -> DocumentNode {
            guard depth < OpenStepPlistReader.depthLimit else {
                throw Problem(message: "the property list nests deeper than \(OpenStepPlistReader.depthLimit) levels", at: index)
            }
            skipTrivia()
            guard let byte = peek else { throw Problem(message: "the property list ends where a value was expected", at: index) }
            let start = index
            switch byte {
            case UInt8(ascii: "{"):
                index += 1
                let members = try members(closing: UInt8(ascii: "}"), depth: depth + 1, isStringsFile: false)
                return DocumentNode(.object(members), range: SourceRange(start: start, end: index))
            case UInt8(ascii: "("):
                index += 1
                var elements: [DocumentNode] = []
                while true {
                    skipTrivia()
                    if peek == UInt8(ascii: ")") { index += 1; break }
                    elements.append(try value(depth: depth + 1))
                    skipTrivia()
                    if peek == UInt8(ascii: ",") { index += 1; continue }
                    guard peek == UInt8(ascii: ")") else { throw Problem(message: "expected \",\" or \")\" in an array", at: index) }
                }
                return DocumentNode(.array(elements), range: SourceRange(start: start, end: index))
            case UInt8(ascii: "<"):
                index += 1
                while let next = peek, next != UInt8(ascii: ">") { index += 1 }
                guard peek != nil else { throw Problem(message: "a <data> value is not closed with \">\"", at: start) }
                index += 1
                let text = String(decoding: bytes[(start + 1)..<(index - 1)].filter { $0 != 0x20 }, as: UTF8.self)
                return DocumentNode(.string(text), range: SourceRange(start: start, end: index))
            default:
                return try string()
            }
        }

        /// Key-value pairs up to `closing` (nil: to the end of the text), each ended by `;`.
        mutating func members(closing: UInt8?, depth: Int, isStringsFile: Bool) throws -> [Member] {
            var members: [Member] = []
            while true {
                skipTrivia()
                if let closing, peek == closing { index += 1; return members }
                if closing == nil, peek == nil { return members }
                guard peek != nil else { throw Problem(message: "the property list ends inside a dictionary", at: index) }
                let key = try string()
                skipTrivia()
                let value: DocumentNode
                if isStringsFile, peek == UInt8(ascii: ";") {
                    value = key
                } else {
                    guard peek == UInt8(ascii: "=") else { throw Problem(message: "expected \"=\" after the key \"\(key.string ?? "")\"", at: index) }
                    index += 1
                    value = try self.value(depth: depth)
                    skipTrivia()
                }
                guard peek == UInt8(ascii: ";") else { throw Problem(message: "expected \";\" after the value of \"\(key.string ?? "")\"", at: index) }
                index += 1
                members.append(Member(key: key.string ?? "", keyRange: key.range, value: value))
            }
        }

        /// A quoted string (with its escapes) or an unquoted word.
        mutating func string() throws -> DocumentNode {
            let start = index
            guard let first = peek else { throw Problem(message: "the property list ends where a string was expected", at: index) }
            if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
                index += 1
                var scalars = String.UnicodeScalarView()
                var run = index
                func flush(_ end: Int) { scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars) }
                while true {
                    guard let byte = peek else { throw Problem(message: "a string is not closed", at: start) }
                    if byte == first {
                        flush(index)
                        index += 1
                        break
                    }
                    if byte == UInt8(ascii: "\\") {
                        flush(index)
                        index += 1
                        scalars.append(try escape())
                        run = index
                        continue
                    }
                    index += 1
                }
                return DocumentNode(.string(String(scalars)), range: SourceRange(start: start, end: index))
            }
            while let byte = peek, Self.isWordByte(byte) { index += 1 }
            guard index > start else {
                throw Problem(message: "unexpected \"\(String(decoding: [first], as: UTF8.self))\" where a value was expected", at: start)
            }
            return DocumentNode(.string(String(decoding: bytes[start..<index], as: UTF8.self)), range: SourceRange(start: start, end: index))
        }

        private mutating func escape() throws -> Unicode.Scalar {
            guard let byte = peek else { throw Problem(message: "a string ends inside an escape", at: index) }
            index += 1
            switch byte {
            case UInt8(ascii: "n"): return "\n"
            case UInt8(ascii: "t"): return "\t"
            case UInt8(ascii: "r"): return "\r"
            case UInt8(ascii: "a"): return "\u{07}"
            case UInt8(ascii: "b"): return "\u{08}"
            case UInt8(ascii: "f"): return "\u{0C}"
            case UInt8(ascii: "v"): return "\u{0B}"
            case UInt8(ascii: "U"), UInt8(ascii: "u"):
                var value: UInt32 = 0
                for _ in 0..<4 {
                    guard let digit = peek.flatMap(Self.hexValue) else { break }
                    value = value * 16 + digit
                    index += 1
                }
                return Unicode.Scalar(value) ?? "\u{FFFD}"
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = UInt32(byte - UInt8(ascii: "0"))
                for _ in 0..<2 {
                    guard let next = peek, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(next) else { break }
                    value = value * 8 + UInt32(next - UInt8(ascii: "0"))
                    index += 1
                }
                return Unicode.Scalar(value) ?? "\u{FFFD}"
            default:
                return Unicode.Scalar(byte)
            }
        }

        private static func hexValue(_ byte: UInt8) -> UInt32? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
            default: nil
            }
        }

        /// The characters of an unquoted string (NeXTSTEP's: letters, digits and `_$+/:.-`).
        private static func isWordByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
            case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"): true
            default: byte >= 0x80
            }
        }
    }
}
