import APNSLintModel
import APNSLintSyntax

struct DeviceTokenInvalidRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "device-token-invalid", severity: .error, category: .headers,
        fix: .sometimes, rejection: .badDeviceToken)

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "The device token is not a non-empty string of hex digits of even length.",
            rationale: """
                The device token goes into the request path (`/3/device/<token>`) as the hex encoding of the token's \
                bytes. Anything but hex digits, or an odd number of them, is not a token: APNs answers 400 \
                `BadDeviceToken` (`MissingDeviceToken` when it is empty). Common slips are the description of the \
                `NSData` the app got (`<abcd ef01 …>`, with spaces and angle brackets; since iOS 13 `{length = 32, \
                bytes = 0x…}`, which leaves out the middle) and tokens copied with spaces. Tokens have been 32 bytes \
                (64 hex digits), but Apple says "APNs device tokens are of variable length. Do not hard-code their \
                size", so any even number of hex digits passes this rule (a short one gets `device-token-length`). A \
                token that is a template's placeholder (`<device token>`, `{{token}}`, `YOUR_DEVICE_TOKEN`) is not \
                judged: a definition kept in a repository is often a template whose sending code puts the token there.
                """,
            severity: .rejectedByAPNs(
                "a token that is not hex digits of even length is no token; an empty one gives MissingDeviceToken",
                source: Reference.handlingResponses),
            references: [
                "https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:didregisterforremotenotificationswithdevicetoken:)",
                Reference.handlingResponses,
            ],
            triggering: [
                Example(#"{"device-token": ↓"<00fc13ad ff785122 b4ad2880 9a342098 23412414 21348097 878e577c 991de8f0>", "payload": {"aps": {"alert": "Hi"}}}"#),
                Example(#"{"device-token": ↓"00fc13adff785122b4ad28809a342098234124142134809787 8e577c991de8f0", "payload": {"aps": {"alert": "Hi"}}}"#),
                Example(#"{"device-token": ↓"00fc13adff785122b4ad28809a3420982341241421348097878e577c991de8f", "payload": {"aps": {"alert": "Hi"}}}"#),
                Example(#"{"device-token": ↓"zz", "payload": {"aps": {"alert": "Hi"}}}"#),
                Example(#"{"device-token": ↓"", "payload": {"aps": {"alert": "Hi"}}}"#),
            ],
            nonTriggering: [
                Example(#"{"device-token": "<device token>", "payload": {"aps": {"alert": "Hi"}}}"#),
                Example(#"{"device-token": "00fc13adff785122b4ad28809a3420982341241421348097878e577c991de8f0", "payload": {"aps": {"alert": "Hi"}}}"#),
                Example(#"{"device-token": "00FC13ADFF785122B4AD28809A3420982341241421348097878E577C991DE8F0", "payload": {"aps": {"alert": "Hi"}}}"#),
                // Apple: tokens are of variable length; a longer one is a token.
                Example(#"{"device-token": "00fc13adff785122b4ad28809a3420982341241421348097878e577c991de8f0aa", "payload": {"aps": {"alert": "Hi"}}}"#),
            ],
            enforces: [.reason(.missingDeviceToken)])
    }

    static func check(_ context: inout RuleContext) {
        guard let field = context.definition.deviceToken else { return }
        let bad = "APNs answers 400 BadDeviceToken"
        guard let token = field.value.string else {
            context.report(
                "device-token must be a string of hex digits, but it is \(HeaderValue.describeType(of: field)); \(bad)",
                at: field, part: .value,
                help: field.value.number != nil ? "quote it, as the hex digits the app reported: \"…\"" : "write the token as a string of hex digits")
            return
        }
        // The usual token first: hex digits alone (ASCII, so its UTF-8 length is its length).
        if Self.isHex(token) {
            if token.utf8.count % 2 == 1 {
                context.report(
                    "device-token has \(token.utf8.count) hex digits, an odd number, so it is not a whole number of bytes: a digit was lost or added; \(bad)",
                    at: field, part: .value, help: "copy the token again from where the app reported it")
            }
            return
        }
        if token.trimmingWhitespace.isEmpty {
            context.report(
                "device-token is empty, so the request path has no token; APNs answers 400 MissingDeviceToken",
                at: field, part: .value, help: "set it to the hex token the app got from registerForRemoteNotifications",
                rejection: .missingDeviceToken)
            return
        }
        if token.hasPrefix("{length = ") || token.contains("bytes = 0x") {
            context.report(
                "device-token is the description of an NSData ({length = …, bytes = 0x…}), which since iOS 13 leaves out the middle of the token, not the token; \(bad)",
                at: field, part: .value,
                help: "have the app send the token as hex: deviceToken.map { String(format: \"%02x\", $0) }.joined()")
            return
        }
        // An NSData description (`<abcd ef01 …>`), spaces, or a 0x prefix around hex digits.
        var inner = Substring(token.trimmingWhitespace)
        var wrapping: [String] = []
        if inner.hasPrefix("<"), inner.hasSuffix(">"), inner.count > 2 {
            inner = inner.dropFirst().dropLast()
            wrapping.append("angle brackets")
        }
        if inner.lowercased().hasPrefix("0x") {
            inner = inner.dropFirst(2)
            wrapping.append("a 0x prefix")
        }
        let hex = inner.filter { !$0.isWhitespace }
        if hex.count != inner.count { wrapping.append("spaces") }
        if !wrapping.isEmpty, !hex.isEmpty, Self.isHex(hex) {
            let kind = wrapping.contains("angle brackets") ? "the description of the NSData (\(wrapping.joined(separator: ", ")))" : "hex digits with \(wrapping.joined(separator: " and "))"
            let length = hex.count % 2 == 1 ? "; it has an odd number of digits (\(hex.count)), so a digit is missing too" : ""
            context.report(
                "device-token is \(kind), not the token; \(bad)\(length)",
                at: field, part: .value, help: "the token is the hex digits alone: \"\(hex.lowercased())\"",
                fix: hex.count % 2 == 0 ? stringFix(for: field, hex.lowercased(), "keep the hex digits", .safe) : nil)
            return
        }
        // A template's slot (`<device token>`, `{{token}}`, `YOUR_DEVICE_TOKEN`) is filled in by the sending code: not
        // judged. (An NSData description in angle brackets is hex, and was reported above.)
        if TemplatePlaceholder.isPlaceholder(token) { return }
        let offending = token.first { !($0.isHexDigit && $0.isASCII) }!
        let position = token.distance(from: token.startIndex, to: token.firstIndex(of: offending)!) + 1
        let hint = token.contains(":APA91") ? " (it looks like an FCM registration token, which goes to FCM, not APNs)" : ""
        context.report(
            "device-token holds \"\(offending)\" (character \(position)), which is not a hex digit\(hint); \(bad)",
            at: field, part: .value, help: "a device token is hex digits only (0-9, a-f): copy it again from where the app reported it")
    }

    /// Whether the text is ASCII hex digits alone (0-9, a-f, A-F), and not empty. A byte scan: every request of a
    /// send log carries a token.
    static func isHex<S: StringProtocol>(_ text: S) -> Bool {
        func isHexDigit(_ byte: UInt8) -> Bool {
            let lower = byte | 0x20
            return (0x30...0x39).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(lower)
        }
        guard !text.isEmpty else { return false }
        return text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(isHexDigit) } ?? text.utf8.allSatisfy(isHexDigit)
    }
}
