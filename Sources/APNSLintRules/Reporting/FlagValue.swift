import APNSLintModel
import APNSLintSyntax

/// Strings that say "on" as a person writes it: a string `true`, and YAML 1.1's words for it.
private let spelledOn: Set<String> = ["true", "yes", "on"]

/// Strings that say "off" as a person writes it (JSON has no other way in a string; YAML 1.2 reads `no` as one).
private let spelledOff: Set<String> = ["0", "false", "no", "off"]

/// Whether a flag's value is an explicit "off" other than the number 0: `false`, or a string that says it.
func isSpelledOff(_ value: DocumentNode.Value) -> Bool {
    switch value {
    case .bool(false): true
    case .string(let text): spelledOff.contains(text.lowercased())
    default: false
    }
}

/// Shared by `content-available-not-1` and `mutable-content-not-1`: a flag spelled "off" (`isSpelledOff`) where the
/// device does just what the author meant is advice, with a safe fix to 0. `meaning` is what off says, `delivered`
/// what happens to the push, `without` what does not happen without the key.
func reportSpelledOff(_ field: Field, meaning: String, delivered: String, without: String, into context: inout RuleContext) {
    let written = field.value.shortDescription
    context.report(
        "\"\(field.key)\" is \(written), which says \"\(meaning)\": \(delivered), but \(written) is not a documented value",
        at: field, part: .value, help: "remove the key (or write 0): without it \(without) either",
        fix: integerFix(for: field, 0, "write 0", .safe), severity: .info)
}

/// Shared by `content-available-not-1` and `mutable-content-not-1`: the flag must be the number 1.
/// `0` is left alone: it means "off", which is what the device does with it.
func reportFlagNotOne(_ field: Field?, consequence: String, into context: inout RuleContext) {
    guard let field else { return }
    if let number = field.value.number, number.isInteger, number.intValue == 1 || number.intValue == 0 { return }
    let help: String
    var fix: Fix?
    switch field.value.value {
    case .string(let text) where text == "1":
        help = "write 1 without quotes"
        fix = integerFix(for: field, 1, "write 1", .safe)
    case .bool(true):
        help = "write 1 instead of true"
        fix = integerFix(for: field, 1, "write 1", .safe)
    case .string(let text) where spelledOn.contains(text.lowercased()):
        // "true" in JSON, yes/on in YAML (a string in YAML 1.2): the author plainly meant on.
        help = "write 1 instead of \"\(text)\""
        fix = integerFix(for: field, 1, "write 1", .safe)
    case .bool(false): help = "remove the key (or write 0): false is not a documented value"
    default: help = "write 1, or remove the key"
    }
    context.report(
        "\"\(field.key)\" is \(field.value.shortDescription), but APNs documents only the number 1; \(consequence)",
        at: field, part: .value, help: help, fix: fix)
}
