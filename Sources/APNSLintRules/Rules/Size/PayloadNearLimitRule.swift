import APNSLintModel
import APNSLintSyntax

struct PayloadNearLimitRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "payload-near-limit", severity: .warning, category: .size,
        scope: .request,
        options: [share],
        runsOnElidedDefinitions: true)

    static let share = RuleOption(name: "share", summary: "Warn above this share of the size limit (0 to 1).", allowed: 0...1,
                                  defaultValue: 0.9, commandLineFlag: "near-limit-share")

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "The payload is close to the size limit (above 90% of it, by default).",
            rationale: """
                A definition is usually a template: names, messages and ids are filled in when it is sent, and \
                localized or user-written text can be several times longer than the sample in the file. A payload \
                already close to the limit (4096 bytes; 5120 for `apns-push-type: voip`; 2048 with the \
                `legacy-binary` profile) leaves little room, and once a sent payload is over, APNs rejects it with \
                413 `PayloadTooLarge` and nothing is delivered. The payload is measured as it goes on the wire \
                (compact UTF-8 JSON, or as the `serializer` option's encoder escapes it). The share is the rule's `share` option (0.9 by default; \
                `--near-limit-share` on the command line); a payload over the limit is `payload-too-large`'s.
                """,
            severity: .dependsOnSendTime(
                "the payload fits as written, but text filled in when it is sent can take it over the limit, and APNs then rejects it with 413 `PayloadTooLarge`",
                source: Reference.handlingResponses),
            references: [Reference.generatingNotification, Reference.sendingRequests, Reference.handlingResponses],
            triggering: [
                Example("↓{\"aps\": {\"alert\": \"" + repeated("x", count: 3800) + "\"}}"),
                Example(#"{"headers": {"apns-push-type": "voip"}, "payload": ↓{"aps": {}, "caller": ""# + repeated("x", count: 4700) + #""}}"#),
                Example("↓{\"aps\": {\"alert\": \"" + repeated("x", count: 1900) + "\"}}", options: RuleOptions(sizeLimitProfile: .legacyBinary)),
                Example("↓{\"aps\": {\"alert\": \"" + repeated("x", count: 2500) + "\"}}", options: RuleOptions().setting(share, of: Self.self, to: 0.5)),
            ],
            nonTriggering: [
                Example("{\"aps\": {\"alert\": \"" + repeated("x", count: 3600) + "\"}}"),
                Example(#"{"headers": {"apns-push-type": "voip"}, "payload": {"aps": {}, "caller": ""# + repeated("x", count: 4500) + #""}}"#),
                Example("{\"aps\": {\"alert\": \"" + repeated("x", count: 4200) + "\"}}"),
            ])
    }

    static func check(_ context: inout RuleContext) {
        // The Simulator's own limit counts the file, and its rule reports it.
        guard !context.dialect.contains(.limitsSizeItself) else { return }
        // A system that truncates the alert to fit (ADCK's truncate) makes being close to the limit the point.
        guard !context.dialect.contains(.truncatesToFit) else { return }
        let share = context.value(of: share)
        // Measured once, as the definition was bound (`NotificationDefinition.payloadSize`).
        guard let measured = context.definition.payloadSize, !measured.isLowerBound,
              Double(measured.bytes) > share * Double(PayloadSizeLimit.smallestBytes(in: context.options.sizeLimitProfile)),
              let payload = context.definition.payload else { return }
        let (size, compactSize, style, isBody) = (measured.bytes, measured.compactBytes, measured.style, measured.isBody)
        let limit = PayloadSizeLimit(for: context.definition, options: context.options)
        guard size <= limit.bytes, Double(size) > share * Double(limit.bytes) else { return }
        let used = decimalText((Double(size) / Double(limit.bytes) * 1000).rounded(.down) / 10)
        let parts = PayloadSizeLimit.largestStrings(in: payload, count: 3, style: style)
        // Say so when the compact payload would be below the threshold: the sender's escaping is what brings it near.
        let escaping = Double(compactSize) <= share * Double(limit.bytes)
            ? PayloadSizeLimit.escapingClause(size: size, compactSize: compactSize, style: style, isBody: isBody) : ""
        context.report(
            "the payload is \(size) bytes \(PayloadSizeLimit.measurement(style, isBody: isBody)), \(used)% of \(limit.phrase) (the warning threshold is \(decimalText(share * 100))%)\(escaping); only \(limit.bytes - size) bytes are left for text filled in at send time, and over the limit \(limit.rejection)",
            pointer: payload.pointer, range: payload.node.range,
            help: "keep headroom for longer names and translations" + (parts.isEmpty ? "" : "; the largest values are \(parts.joined(separator: ", "))")
                + (limit.suggestsReference ? "; send large content by reference (an id or URL the app fetches)" : ""))
    }
}
