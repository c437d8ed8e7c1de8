import APNSLintModel
import APNSLintSyntax

struct DuplicateHeaderRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "duplicate-header", severity: .error, category: .headers, rejection: .duplicateHeaders)

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "One header written twice with its name spelled differently (`APNS-Priority` and `apns-priority`).",
            rationale: """
                HTTP header names are case-insensitive, and HTTP/2 sends them in lowercase, so `APNS-Priority` and \
                `apns-priority` are two keys to a JSON parser but the same header on the wire: a sender that passes \
                the headers object through sends it twice, and APNs answers 400 `DuplicateHeaders`. apns-lint reports \
                every earlier spelling and points at the one it reads (the last, as most JSON parsers do; the first in \
                an Erlang proplist). This rule covers the headers object, and the request headers a program passes to \
                the library with the body it lints (`Linter.lint(payload:headers:)`), where two spellings of a name \
                are sent twice too. A name written twice the same way is `duplicate-key`'s: JSON parsers keep one of \
                the values, so only one header is sent.
                """,
            severity: .rejectedByAPNs("the request carries the header twice", source: Reference.handlingResponses),
            references: [Reference.handlingResponses, Reference.sendingRequests],
            triggering: [
                Example(#"{"headers": {↓"APNS-Priority": "10", "apns-push-type": "background", "apns-priority": "5"}, "payload": {"aps": {"content-available": 1}}}"#),
            ],
            nonTriggering: [
                Example(#"{"headers": {"apns-priority": "5", "apns-push-type": "background", "apns-topic": "com.example.mail"}, "payload": {"aps": {"content-available": 1}}}"#),
                Example(#"{"aps": {"alert": "Hi"}}"#, headers: ["apns-push-type": "alert", "apns-priority": "10"]),
                // The same spelling twice: a JSON parser keeps one value (duplicate-key's).
                Example(#"{"headers": {"apns-push-type": "alert", "apns-topic": "com.example.mail", "apns-topic": "com.example.mail"}, "payload": {"aps": {"alert": "Hi"}}}"#),
            ])
    }

    static func check(_ context: inout RuleContext) {
        let headers = context.definition.headers.fields
        for field in headers.fields where field.isShadowed {
            guard let used = headers[field.key] else { continue }
            if case .requestHeader(let spelling) = field.origin, case .requestHeader(let usedSpelling) = used.origin {
                reportRequestHeader(field, spelled: spelling, used: used, spelled: usedSpelling, into: &context)
                continue
            }
            guard field.origin == .source, used.key != field.key else { continue }
            let values = field.value.shortDescription == used.value.shortDescription
                ? "both \(field.value.shortDescription)" : "\(field.value.shortDescription) here, \(used.value.shortDescription) there"
            let message = "header \"\(field.key)\" is also set as \"\(used.key)\" (\(values)): header names are case-insensitive and HTTP/2 sends them in lowercase, so APNs gets \(used.key.lowercased()) twice and answers 400 DuplicateHeaders"
            context.report(
                message, at: field, help: "keep one \"\(used.key.lowercased())\" and delete the other",
                notes: [Note("apns-lint reads this one", range: used.keyRange)])
        }
    }

    /// Two spellings of a header a program passes with the body it lints: both go on the wire.
    private static func reportRequestHeader(_ field: Field, spelled spelling: String, used: Field, spelled usedSpelling: String,
                                     into context: inout RuleContext) {
        let value = field.string ?? "", usedValue = used.string ?? ""
        let values = value == usedValue ? "both \"\(value)\"" : "\"\(value)\" here, \"\(usedValue)\" there"
        context.report(
            "request header \"\(spelling)\" is also given as \"\(usedSpelling)\" (\(values)): header names are case-insensitive and HTTP/2 sends them in lowercase, so APNs gets \(used.key) twice and answers 400 DuplicateHeaders",
            pointer: field.pointer, range: nil, help: "give \"\(used.key)\" once",
            notes: [Note("apns-lint reads the request header \(usedSpelling): \(usedValue)")])
    }
}
