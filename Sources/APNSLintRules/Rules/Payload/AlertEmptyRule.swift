import APNSLintModel
import APNSLintSyntax

struct AlertEmptyRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "alert-empty", severity: .warning, category: .payload,
        subscriptions: [.aps(.alert), .pushType(.alert)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "An `alert` with nothing to show: an empty string, or a dictionary with no title, subtitle or body; or an `alert` push whose `aps` has nothing to show at all.",
            rationale: """
                An alert shows its `title`, `subtitle` and `body`, or the localized strings named by \
                `title-loc-key`, `subtitle-loc-key` and `loc-key`. An empty string, or a dictionary with none of \
                these (or only empty strings: `{}`, `{"launch-image": …}`, `{"title": ""}`), gives the \
                notification no text. Apple does not document what the device then shows (an empty banner, or \
                nothing), and the Notification Service Extension does not run for it. For a push that only updates \
                the badge or plays a sound, leave `alert` out. An alert whose only content is `*-loc-args` without \
                their key is left to the `*-loc-args-without-*` rules, which say what is missing. A push declared \
                `apns-push-type: alert` whose `aps` is empty, or holds only keys that show nothing by themselves \
                (`category`, `thread-id`, `interruption-level`…: no alert, badge or sound), shows nothing and, \
                without `content-available`, wakes nothing either (a `content-available` payload sent as alert is \
                `push-type-mismatch`'s, a `mutable-content` one `mutable-content-without-alert`'s). A definition kept \
                as a template may leave the text to the sending code, which is why this stays a warning.
                """,
            severity: .undocumented("APNs accepts an alert with no text; what the device shows for it is not documented", source: Reference.generatingNotification),
            references: [Reference.generatingNotification, Reference.payloadKeyReference],
            triggering: [
                Example(#"{"aps": {↓"alert": "", "badge": 1}}"#),
                Example(#"{"aps": {↓"alert": {}, "sound": "default"}}"#),
                Example(#"{"aps": {↓"alert": {"title": "", "body": "", "launch-image": "Splash"}}}"#),
                Example(#"{"headers": {"apns-push-type": "alert"}, "payload": {↓"aps": {"category": "MESSAGE", "thread-id": "chat-42"}}}"#),
            ],
            nonTriggering: [
                Example(#"{"aps": {"alert": "Your order has shipped"}}"#),
                Example(#"{"aps": {"alert": {"title": "Order shipped"}}}"#),
                Example(#"{"aps": {"alert": {"loc-key": "ORDER_SHIPPED"}}}"#),
                Example(#"{"aps": {"alert": {"loc-args": ["Ana"]}}}"#),
                Example(#"{"aps": {"badge": 1}}"#),
                Example(#"{"headers": {"apns-push-type": "alert"}, "payload": {"aps": {"badge": 0}}}"#),
                Example(#"{"aps": {"category": "MESSAGE"}}"#),
            ],
            enforces: [.aps(.alert)])
    }

    static func check(_ context: inout RuleContext) {
        guard let aps = context.definition.payload?.aps else { return }
        guard let alert = aps.alert else {
            checkNothingToShow(aps, &context)
            return
        }
        guard !alert.showsContent else { return }
        switch alert {
        case .text(_, let field):
            context.report(
                "\"alert\" is an empty string, so the notification has no text to show; what the device does with an empty alert is not documented",
                at: field, help: "write the text to show, or remove \"alert\" for a push that only updates the badge or plays a sound")
        case .dictionary(let dictionary, let field):
            // The *-loc-args-without-*-loc-key rules already say what such an alert lacks.
            if LocArgsNotStringsRule.keys.contains(where: { dictionary[$0] != nil }) { return }
            let empty = AlertContent.textKeys.filter { dictionary[$0] != nil }
            let detail = empty.isEmpty
                ? "has no title, subtitle or body (nor title-loc-key, subtitle-loc-key or loc-key)"
                : "has only empty text (\(empty.map { "\"\($0)\"" }.joined(separator: ", ")) \(empty.count == 1 ? "is" : "are") empty)"
            context.report(
                "\"alert\" \(detail), so the notification has no text to show; what the device does with such an alert is not documented",
                at: field,
                help: "add a \"title\" or \"body\" (or a \"loc-key\"), or remove \"alert\" for a push that only updates the badge or plays a sound")
        }
    }

    /// An alert push (declared so) whose `aps` has no alert, badge or sound, nor anything another rule owns
    /// (`content-available`, `mutable-content`, a Live Activity's or widget's keys): it shows nothing.
    static func checkNothingToShow(_ aps: APS, _ context: inout RuleContext) {
        let headers = context.definition.headers
        guard headers.pushType == .alert, let field = context.definition.payload?.apsField,
              !aps.keys.intersects(Self.ownedElsewhere) else { return }
        let held = aps.fields.fields.map { "\"\($0.key)\"" }
        let what = held.isEmpty ? "is empty" : "holds only \(held.joined(separator: ", ")), which show nothing by themselves"
        context.report(
            "apns-push-type is alert, but \"aps\" \(what): no alert, badge or sound, so the notification shows nothing (and, without content-available, wakes nothing)",
            at: field,
            help: "add the \"alert\" to show (or a badge or sound); for a silent update send \"content-available\": 1 as apns-push-type background")
    }

    /// What makes an `aps` without `alert` do something, or what another rule reports on it.
    private static let ownedElsewhere: KeySet<APSKey> = [PushType.alert, .background, .liveactivity, .widgets, .pushtotalk]
        .reduce(KeySet<APSKey>([.mutableContent])) { $0.union($1.spec.markers) }
}
