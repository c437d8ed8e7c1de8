import APNSLintSyntax

/// Writes a document as the exact bytes a sender should put on the wire.
///
/// Compact JSON (no insignificant whitespace), UTF-8, non-ASCII unescaped, `/` unescaped, key order preserved,
/// numbers exactly as written. Only `"`, `\` and control characters are escaped. Where a key appears twice,
/// the output has it once, at its first position, with its last value: what a dictionary-based sender
/// (JavaScript, Python, Foundation) sends after reading the definition.
///
/// The size rules count these bytes, so "payload size" always means the length of this output.
public enum WireSerializer {
    /// - Parameter firstDuplicateWins: of two equal keys, send the first value (Erlang proplists) instead of the
    ///   last.
    public static func serialize(_ node: DocumentNode, firstDuplicateWins: Bool = false) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(node, firstDuplicateWins: firstDuplicateWins, to: &output)
        return output
    }

    /// The byte count of `serialize(node)`.
    public static func size(of node: DocumentNode, firstDuplicateWins: Bool = false) -> Int {
        serialize(node, firstDuplicateWins: firstDuplicateWins).count
    }

    /// Writes without recursion (an explicit stack), so deep documents need no deep thread stack.
    static func write(_ root: DocumentNode, firstDuplicateWins: Bool, to output: inout [UInt8]) {
        var open: [(members: [Member]?, elements: [DocumentNode], next: Int)] = []
        var pending: DocumentNode? = root
        while true {
            if let node = pending {
                pending = nil
                switch node.value {
                case .object(let members):
                    output.append(UInt8(ascii: "{"))
                    open.append((effectiveMembers(members, firstDuplicateWins: firstDuplicateWins), [], 0))
                case .array(let elements):
                    output.append(UInt8(ascii: "["))
                    open.append((nil, elements, 0))
                case .string(let string):
                    writeString(string, to: &output)
                case .number(let number):
                    output.append(contentsOf: number.text.utf8)
                case .bool(let bool):
                    output.append(contentsOf: (bool ? "true" : "false").utf8)
                case .null:
                    output.append(contentsOf: "null".utf8)
                }
            }
            guard let top = open.last else { return }
            let count = top.members?.count ?? top.elements.count
            guard top.next < count else {
                output.append(top.members == nil ? UInt8(ascii: "]") : UInt8(ascii: "}"))
                open.removeLast()
                continue
            }
            if top.next > 0 { output.append(UInt8(ascii: ",")) }
            if let members = top.members {
                writeString(members[top.next].key, to: &output)
                output.append(UInt8(ascii: ":"))
                pending = members[top.next].value
            } else {
                pending = top.elements[top.next]
            }
            open[open.count - 1].next += 1
        }
    }

    /// Each key once, at its first position, with its last value (or its first, for Erlang proplists).
    public static func effectiveMembers(_ members: [Member], firstDuplicateWins: Bool = false) -> [Member] {
        guard members.count > 1 else { return members }
        var firstIndex: [String: Int] = [:]
        var result: [Member] = []
        result.reserveCapacity(members.count)
        for member in members {
            if let index = firstIndex[member.key] {
                if !firstDuplicateWins { result[index].value = member.value }
            } else {
                firstIndex[member.key] = result.count
                result.append(member)
            }
        }
        return result
    }

    static func writeString(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): output.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: output.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x08: output.append(contentsOf: [0x5C, UInt8(ascii: "b")])
            case 0x0C: output.append(contentsOf: [0x5C, UInt8(ascii: "f")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                output.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default:
                output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
