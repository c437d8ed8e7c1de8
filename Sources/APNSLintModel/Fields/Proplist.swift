import APNSLintSyntax

/// Objects written the way authors porting from Erlang write proplists: an array of `[key, value]` pairs, or an
/// array of single-key objects (YAML's `- alert: Hi`).
public enum Proplist {
    /// The members such an array stands for, or nil when it is not one (an empty array is not).
    public static func members(of node: DocumentNode) -> [Member]? {
        guard let elements = node.elements, !elements.isEmpty else { return nil }
        var members: [Member] = []
        members.reserveCapacity(elements.count)
        for element in elements {
            if let pair = element.elements, pair.count == 2, let key = pair[0].string {
                members.append(Member(key: key, keyRange: pair[0].range, value: pair[1]))
            } else if let single = element.members, single.count == 1 {
                members.append(single[0])
            } else {
                return nil
            }
        }
        return members
    }
}
