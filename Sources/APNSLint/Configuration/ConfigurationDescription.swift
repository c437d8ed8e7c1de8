import APNSLintModel
import APNSLintRules
import APNSLintSyntax

extension Configuration {
    /// The settings that apply to `path` (absolute), as a YAML configuration file would write them, with comments
    /// saying where they come from: what `apns-lint config` prints. Keys are written from the enums the reader
    /// reads them by (`ConfigurationKey`), so a renamed key cannot be described by its old name.
    /// - Parameter appProblem: why the app found in the repository could not be read, when it could not.
    public func describe(for path: String, shownAs name: String, rules: [any Rule.Type] = RuleRegistry.all, appProblem: String? = nil) -> String {
        let settings = settings(for: path)
        let resolved = ResolvedSettings(settings, rules: rules, ignore: ignoreEntries(for: path))
        var lines: [String] = ["# apns-lint configuration for \(name)"]
        if sources.isEmpty {
            lines.append("# no configuration file: the defaults")
        } else {
            lines.append("# read from \(sources[0])")
            lines += sources.dropFirst().map { "#   which extends \($0)" }
        }
        if !include.isEmpty { lines.append("\(ConfigurationKey.include): [\(include.map { quoted($0.pattern) }.joined(separator: ", "))]") }
        if !exclude.isEmpty { lines.append("\(ConfigurationKey.exclude): [\(exclude.map { quoted($0.pattern) }.joined(separator: ", "))]") }
        let platforms = resolved.options.platforms.map(\.rawValue).sorted()
        lines.append("\(ConfigurationKey.platforms): [\(platforms.joined(separator: ", "))]" + (platforms.isEmpty ? "  # not said" : ""))
        lines.append("\(ConfigurationKey.serializer): \(resolved.options.serializer.rawValue)")
        lines.append("\(ConfigurationKey.sizeLimitProfile): \(resolved.options.sizeLimitProfile.rawValue)")
        lines.append("\(ConfigurationKey.dialect): " + (resolved.dialect?.rawValue ?? "detected  # from each definition's keys"))
        lines.append("\(ConfigurationKey.environment): " + (resolved.options.environment?.rawValue ?? "null  # not said"))
        switch settings.app {
        case .read(let context, let origin)?:
            lines.append("\(ConfigurationKey.app): \(quoted(context.project.path))  # \(origin); targets \(context.targets.map(\.name).joined(separator: ", "))")
        case .none?:
            lines.append("\(ConfigurationKey.app): false")
        case nil:
            lines.append("\(ConfigurationKey.app): none  # " + (appProblem ?? "no Xcode project in the repository: the app-aware rules do not run"))
        }
        if settings.headers.isEmpty {
            lines.append("\(ConfigurationKey.headers): {}")
        } else {
            lines.append("\(ConfigurationKey.headers):")
            for header in settings.headers.sorted(by: { $0.name < $1.name }) {
                lines.append("  \(header.name): \(quoted(header.value))" + (header.location.map { "  # \($0)" } ?? ""))
            }
        }
        lines.append("\(ConfigurationKey.rules):")
        for rule in rules {
            let runs = resolved.isEnabled(rule.id)
            let severity = runs ? resolved.levels[rule.id]?.rawValue ?? rule.descriptor.severity.rawValue : RuleLevel.off.rawValue
            let options = rule.descriptor.options.map { option in
                "\(option.name): \(decimalText(settings.rules[rule.id]?.options[option.name] ?? option.defaultValue))"
            }
            let value = options.isEmpty ? severity : "{severity: \(severity), \(options.joined(separator: ", "))}"
            lines.append("  \(rule.id): \(value)" + (settings.rules[rule.id] == nil && runs ? "" : "  # configured"))
        }
        let ignore = resolved.ignore
        if ignore.isEmpty {
            lines.append("\(ConfigurationKey.ignore): []")
        } else {
            lines.append("\(ConfigurationKey.ignore):")
            for entry in ignore {
                lines.append("  - \(IgnoreEntryKey.rule): [\(entry.rules.sorted().joined(separator: ", "))]  # \(entry.location)")
                if let pointer = entry.pointer { lines.append("    \(IgnoreEntryKey.pointer): \(quoted(pointer.description))") }
                lines.append("    \(IgnoreEntryKey.reason): \(quoted(entry.reason))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Plain when it reads back as written (header values such as 10 and globs such as push/x.json included),
    /// JSON-quoted otherwise.
    private func quoted(_ text: String) -> String {
        let plain = !text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber || "-_./".contains($0) }
            && !["true", "false", "null", "yes", "no", "on", "off"].contains(text.lowercased())
        return plain ? text : JSONString.quoted(text)
    }
}
