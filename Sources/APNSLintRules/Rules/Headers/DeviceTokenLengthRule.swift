import APNSLintModel
import APNSLintSyntax

struct DeviceTokenLengthRule: ModelRule {
    /// 32 bytes, the length device tokens have had so far.
    static let usualLength = 64

    static let descriptor = RuleDescriptor(id: "device-token-length", severity: .warning, category: .headers)

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "A device token of hex digits shorter than the usual 64, as a token cut short when copied would be.",
            rationale: """
                Device tokens have been 32 bytes (64 hex digits) so far. Apple says "APNs device tokens are of \
                variable length. Do not hard-code their size", so a token of another length is not wrong as such, and \
                a longer one passes. A shorter one, though, is most often a token cut short when it was copied from a \
                log or a database column; APNs answers 400 `BadDeviceToken` to a token it does not know.
                """,
            severity: .likelyMistake(
                "tokens have been 64 hex digits; Apple documents variable lengths, so a shorter token is probably cut short, not rejected for its length",
                source: "https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:didregisterforremotenotificationswithdevicetoken:)"),
            references: [
                "https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:didregisterforremotenotificationswithdevicetoken:)",
                Reference.handlingResponses,
            ],
            triggering: [
                Example(#"{"device-token": ↓"00fc13adff785122b4ad28809a3420982341241421348097878e577c991d", "payload": {"aps": {"alert": "Hi"}}}"#),
            ],
            nonTriggering: [
                Example(#"{"device-token": "00fc13adff785122b4ad28809a3420982341241421348097878e577c991de8f0", "payload": {"aps": {"alert": "Hi"}}}"#),
                Example(#"{"device-token": "00fc13adff785122b4ad28809a3420982341241421348097878e577c991de8f0aa00", "payload": {"aps": {"alert": "Hi"}}}"#),
                // Not hex digits: device-token-invalid's.
                Example(#"{"device-token": "zz", "payload": {"aps": {"alert": "Hi"}}}"#),
            ],
            enforces: [.reason(.badDeviceToken)])
    }

    static func check(_ context: inout RuleContext) {
        // Bytes, not characters: a token of hex digits has one of each, and counting characters walks the grapheme
        // breaks of every token (1,600 instructions for a 64-digit one).
        guard let field = context.definition.deviceToken, let token = field.value.string,
              case let digits = token.utf8.count, digits < usualLength, digits % 2 == 0, DeviceTokenInvalidRule.isHex(token) else { return }
        context.report(
            "device-token has \(digits) hex digits (\(digits / 2) bytes), fewer than the \(usualLength) (32 bytes) device tokens have had; Apple says token lengths vary, but a short one is usually cut short when copied, and APNs answers 400 BadDeviceToken to a token it does not know",
            at: field, part: .value, help: "compare it with the token the app reported; if it is complete, ignore this")
    }
}
