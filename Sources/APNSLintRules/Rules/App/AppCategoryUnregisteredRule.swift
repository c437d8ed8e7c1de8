import APNSLintModel
import APNSLintSyntax

struct AppCategoryUnregisteredRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "app-category-unregistered", severity: .warning, category: .app, subscriptions: [.aps(.category)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "`category` names no notification category the app registers.",
            rationale: """
                A notification's actions come from the `UNNotificationCategory` the app registered under the \
                payload's `category`; a category it never registered shows the notification with no actions, and a \
                Notification Content Extension for it never runs. apns-lint reads the identifiers the app's Swift and \
                Objective-C sources register (`UNNotificationCategory(identifier: "…"`, `categoryWithIdentifier:@"…"`). \
                A warning: an identifier the sources build at run time (a constant, an interpolation) cannot be read, \
                and the message says when the app has such a registration. Checked only when the app is known.
                """,
            severity: .likelyMistake("the notification shows without the category's actions", source: Reference.declaringActionableTypes),
            references: [Reference.declaringActionableTypes],
            triggering: [
                Example(#"{"aps": {"alert": "Shipped", ↓"category": "ORDER_UPDATES"}}"#, options: AppSamples.courierOptions),
            ],
            nonTriggering: [
                Example(#"{"aps": {"alert": "Shipped", "category": "ORDER_UPDATE"}}"#, options: AppSamples.courierOptions),
                Example(#"{"aps": {"alert": "Shipped", "category": "ORDER_UPDATES"}}"#),
            ],
            enforces: [.aps(.category)])
    }

    static func check(_ context: inout RuleContext) {
        guard let app = context.app, let field = context.definition.payload?.aps?.field(.category), let name = field.string,
              !name.isEmpty, app.categories[name] == nil else { return }
        let registered = app.categories.keys.sorted()
        let close = Suggestion.closest(to: name, in: registered)
        context.report(
            "category \"\(name)\" is none of the categories the app's sources register (\(registered.isEmpty ? "none found" : registered.joined(separator: ", "))), so the notification shows without its actions"
                + (app.categoriesAreAllLiteral ? "" : "; some registrations name their identifier at run time, which apns-lint cannot read"),
            at: field, part: .whole,
            help: close.map { "did you mean \"\($0)\"?" } ?? "register it with UNUserNotificationCenter.setNotificationCategories, or remove category")
    }
}
