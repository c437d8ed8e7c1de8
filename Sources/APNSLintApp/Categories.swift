import APNSLintModel
import APNSLintSyntax

/// The notification categories an app's sources register.
enum Categories {
    /// `UNNotificationCategory(identifier: "…"` (Swift, however it is spread over lines) and
    /// `categoryWithIdentifier:@"…"` (Objective-C), outside comments and strings. Also says whether every registration
    /// names a literal identifier, and whether a Swift file names `ActivityAttributes`: only then is the app's Swift
    /// read for its Live Activity types.
    static func read(_ sources: [String], places: Places) -> (identifiers: [String: ExternalLocation], allLiteral: Bool, namesActivityAttributes: Bool) {
        var identifiers: [String: ExternalLocation] = [:]
        var allLiteral = true
        var namesActivityAttributes = false
        for path in sources {
            guard let bytes = readFile(path, limit: AppReader.sourceSizeLimit) else { continue }
            if !namesActivityAttributes, path.hasSuffix(".swift") { namesActivityAttributes = SwiftActivityReader.mentionsActivityAttributes(bytes) }
            // Only a file that names the class is read token by token.
            guard Places.offset(of: marker, in: bytes) != nil else { continue }
            let tokens = SwiftTokenizer.tokens(of: bytes)
            var source: SourceText?
            for (index, token) in tokens.enumerated() {
                let valueIndex: Int
                if token.isWord("UNNotificationCategory"), index + 3 < tokens.count, tokens[index + 1].isPunctuation("("),
                   tokens[index + 2].isWord("identifier"), tokens[index + 3].isPunctuation(":") {
                    valueIndex = index + 4
                } else if token.isWord("categoryWithIdentifier"), index + 1 < tokens.count, tokens[index + 1].isPunctuation(":") {
                    valueIndex = index + (index + 2 < tokens.count && tokens[index + 2].isPunctuation("@") ? 3 : 2)
                } else {
                    continue
                }
                // A constant, a call or an interpolation names its identifier at run time.
                guard valueIndex < tokens.count, case .string(let identifier?) = tokens[valueIndex].kind,
                      valueIndex + 1 == tokens.count || !tokens[valueIndex + 1].isPunctuation("+") else {
                    allLiteral = false
                    continue
                }
                if source == nil { source = SourceText(bytes: bytes) }
                if identifiers[identifier] == nil {
                    identifiers[identifier] = places.location(path, offset: tokens[valueIndex].offset + 1, in: source!)
                }
            }
        }
        return (identifiers, allLiteral, namesActivityAttributes)
    }

    private static let marker = Array("UNNotificationCategory".utf8)
}
