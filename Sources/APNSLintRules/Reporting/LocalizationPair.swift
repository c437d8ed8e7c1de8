import APNSLintModel
import APNSLintSyntax

/// Shared by the three `*-loc-args-without-*-loc-key` rules: format arguments with no format string.
func reportArgsWithoutKey(args: AlertKey, key: AlertKey, shownInstead: AlertKey, into context: inout RuleContext) {
    guard case .dictionary(let alert, _) = context.definition.payload?.aps?.alert,
          let argsField = alert[args], alert[key] == nil else { return }
    // An empty list a library adds by itself (apns_json writes "loc-args":[] into every alert proplist,
    // apns_json.erl:270-282) holds no argument to lose, and the definition has nothing to remove.
    if argsField.value.elements?.isEmpty == true, case .added = argsField.valuePlacement { return }
    context.report(
        "\"\(args.name)\" is given without \"\(key.name)\": the arguments fill the placeholders of the \"\(key.name)\" string, so without it they are never shown (Firebase's SDKs reject this alert outright)",
        at: argsField,
        help: "add \"\(key.name)\" naming the localized format string, or remove \"\(args.name)\" and put the text in \"\(shownInstead.name)\"")
}
