/// Reported while an Expo message is turned into its APNs request; this rule carries the docs and examples.
struct ExpoBackgroundWithAlertRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "expo-background-with-alert", severity: .warning, category: .expo,
        finds: [.dialect(.expoBackgroundWithAlert)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "An Expo message meant as a background push (`_contentAvailable`) that also has a title, subtitle or body, so Expo sends it as an alert.",
            rationale: """
                Expo sends a message with a `title`, `subtitle` or `body` as a "Notification Message" \
                (`apns-push-type: alert`); only a message with `data` and `_contentAvailable: true` (Expo's one \
                spelling of the flag) and no such text is a "Headless Background Notification", which runs \
                the app's background task while the app is in the background or terminated. With both, iOS shows \
                the alert and, as users report (expo/expo #31861), the task runs only when the user taps it.
                """,
            severity: .likelyMistake(
                "the notification is shown, and the background task the flag was meant for runs only on a tap",
                source: Reference.expoWhatYouNeedToKnow),
            references: [Reference.expoWhatYouNeedToKnow, Reference.expoSendingNotifications, Reference.expoBackgroundAlertIssue],
            triggering: [
                Example(#"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "_contentAvailable": true, ↓"title": "Sold!", "body": "Your item sold", "data": {"type": "PRODUCT_SOLD"}}"#),
            ],
            nonTriggering: [
                Example(#"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "_contentAvailable": true, "data": {"type": "PRODUCT_SOLD"}, "priority": "normal"}"#),
            ])
    }
}
