import APNSLint
import APNSLintDialects
import APNSLintModel
import ArgumentParser

/// `check`'s arguments read without ArgumentParser, for the runs that hooks, builds and scripts start again and again.
///
/// ArgumentParser learns a command's options by reflection: every property wrapper's generic type is built from its
/// mangled name and every first cast scans the program's protocol conformances. For `check`'s 45 options that was
/// 23.4 M of a one-file run's 37.4 M instructions (callgrind), two thirds of its start-up. The arguments such runs pass
/// (paths, and long options as `--name value`, `--name=value` or a flag) are read here instead, into the same
/// `CheckCommand` ArgumentParser would make (`DirectCheckArgumentsTests` compares the two for every option). Anything
/// else is left to ArgumentParser, so that it says what it always said: help, `--version`, a short option, `--`, an
/// unknown option, a value that starts with `-` or does not convert, an option given twice that is not repeatable, a
/// flag given a value, or a combination a `validate()` refuses.
extension CheckCommand {
    /// The arguments `check` would read when `arguments` (the command line without the program's name) run it: its own
    /// (`ownArguments(in:)`), or all of them when the first is an option, which the direct reading either knows as
    /// check's or leaves to ArgumentParser (the root's `--version` and `--help` among them).
    static func directArguments(in arguments: [String]) -> [String]? {
        ownArguments(in: arguments) ?? (arguments.first?.hasPrefix("-") == true ? arguments : nil)
    }

    /// The command `arguments` (check's own) make, or nil when ArgumentParser should read them (see above).
    static func parsedDirectly(_ arguments: [String]) -> CheckCommand? {
        var reading = DirectReading(arguments)
        do {
            var command = unset
            var paths: [String] = []
            while let argument = reading.next() {
                guard argument.hasPrefix("--") else {
                    guard argument == "-" || !argument.isEmpty && !argument.hasPrefix("-") else { throw DirectReading.Unread() }
                    paths.append(argument)
                    continue
                }
                try command.apply(try reading.option(argument), &reading)
            }
            if !paths.isEmpty { command.paths = paths }
            try command.validateAll()
            return command
        } catch {
            return nil
        }
    }

    /// Every property as ArgumentParser leaves it when no option is given.
    static var unset: CheckCommand {
        var command = CheckCommand()
        command.paths = defaultPaths
        command.stdinFilename = nil
        command.stdinOrigin = nil
        command.showDialect = false
        var headers = HeaderOptions()
        headers.pushType = nil
        headers.priority = nil
        headers.topic = nil
        headers.collapseId = nil
        headers.expiration = nil
        headers.apnsID = nil
        command.requestHeaders = headers
        var rules = RuleOptionFlags()
        rules.now = nil
        rules.sizeLimitProfile = nil
        rules.nearLimitShare = nil
        rules.serializer = nil
        rules.dialect = nil
        rules.environment = nil
        rules.platform = []
        rules.app = []
        rules.appTarget = []
        command.ruleOptions = rules
        var input = InputRoleOption()
        input.requestBody = false
        command.input = input
        var selection = RuleSelectionOptions()
        selection.select = []
        selection.extendSelect = []
        selection.ignore = []
        command.ruleSelection = selection
        var configuration = ConfigurationOptions()
        configuration.config = nil
        configuration.isolated = false
        var discovery = DiscoveryOptions()
        discovery.configuration = configuration
        discovery.forceExclude = false
        discovery.noErrorsOnUnmatched = false
        discovery.showFiles = false
        discovery.skipNonDefinitions = false
        command.discovery = discovery
        var fixing = FixFlags()
        fixing.fix = false
        fixing.unsafeFixes = false
        fixing.diff = false
        fixing.fixOnly = false
        command.fixing = fixing
        var report = ReportOptions()
        report.strict = false
        report.failLevel = nil
        report.exitZero = false
        report.quiet = false
        report.statistics = false
        report.color = ColorChoice.defaultChoice
        report.jobs = nil
        report.format = nil
        report.outputFile = nil
        report.outputs = []
        command.report = report
        var baseline = BaselineOptions()
        baseline.baseline = nil
        baseline.writeBaseline = nil
        command.baselineOptions = baseline
        return command
    }

    /// Sets what the long option `name` says, reading its value from `reading`.
    private mutating func apply(_ name: Substring, _ reading: inout DirectReading) throws {
        switch name {
        // Flags
        case "show-dialect": showDialect = try reading.flag()
        case "request-body": input.requestBody = try reading.flag()
        case "isolated": discovery.configuration.isolated = try reading.flag()
        case "force-exclude": discovery.forceExclude = try reading.flag()
        case "no-errors-on-unmatched": discovery.noErrorsOnUnmatched = try reading.flag()
        case "show-files": discovery.showFiles = try reading.flag()
        case "skip-non-definitions": discovery.skipNonDefinitions = try reading.flag()
        case "fix": fixing.fix = try reading.flag()
        case "unsafe-fixes": fixing.unsafeFixes = try reading.flag()
        case "diff": fixing.diff = try reading.flag()
        case "fix-only": fixing.fixOnly = try reading.flag()
        case "strict": report.strict = try reading.flag()
        case "exit-zero": report.exitZero = try reading.flag()
        case "quiet": report.quiet = try reading.flag()
        case "statistics": report.statistics = try reading.flag()
        // Options that take one value
        case "stdin-filename": stdinFilename = try reading.value()
        case "stdin-origin": stdinOrigin = try reading.value()
        case "push-type": requestHeaders.pushType = try reading.value()
        case "priority": requestHeaders.priority = try reading.value()
        case "topic": requestHeaders.topic = try reading.value()
        case "collapse-id": requestHeaders.collapseId = try reading.value()
        case "expiration": requestHeaders.expiration = try reading.value()
        case "apns-id": requestHeaders.apnsID = try reading.value()
        case "now": ruleOptions.now = try reading.value(as: Int.self)
        case "size-limit-profile": ruleOptions.sizeLimitProfile = try reading.value(as: RuleOptions.SizeLimitProfile.self)
        case "near-limit-share": ruleOptions.nearLimitShare = try reading.value(as: Double.self)
        case "serializer": ruleOptions.serializer = try reading.value(as: WireSerializer.Style.self)
        case "dialect": ruleOptions.dialect = try reading.value(as: Dialect.self)
        case "environment": ruleOptions.environment = try reading.value(as: APNsEnvironment.self)
        case "config": discovery.configuration.config = try reading.value()
        case "fail-level": report.failLevel = try reading.value(as: Severity.self)
        case "color": report.color = try reading.value(as: ColorChoice.self)
        case "jobs": report.jobs = try reading.value(as: Int.self)
        case "format": report.format = try reading.value(as: ReportFormat.self)
        case "output-file": report.outputFile = try reading.value()
        case "baseline": baselineOptions.baseline = try reading.value()
        case "write-baseline": baselineOptions.writeBaseline = try reading.value()
        // Options that may be given again
        case "platform": ruleOptions.platform.append(try reading.value(as: RuleOptions.Platform.self, repeatable: true))
        case "app": ruleOptions.app.append(try reading.value(repeatable: true))
        case "app-target": ruleOptions.appTarget.append(try reading.value(repeatable: true))
        case "select": ruleSelection.select.append(try reading.value(repeatable: true))
        case "extend-select": ruleSelection.extendSelect.append(try reading.value(repeatable: true))
        case "ignore": ruleSelection.ignore.append(try reading.value(repeatable: true))
        case "output": report.outputs.append(try reading.value(repeatable: true))
        default: throw DirectReading.Unread()
        }
    }

    /// What ArgumentParser validates after parsing: each option group, then the command.
    private mutating func validateAll() throws {
        try requestHeaders.validate()
        try ruleOptions.validate()
        try input.validate()
        try ruleSelection.validate()
        try discovery.configuration.validate()
        try discovery.validate()
        try fixing.validate()
        try report.validate()
        try baselineOptions.validate()
        try validate()
    }
}

/// The arguments being read, and the option being read: its name, a value written into it (`--name=value`), and
/// whether it was given before.
private struct DirectReading {
    /// Thrown when ArgumentParser should read the arguments.
    struct Unread: Error {}

    private let arguments: [String]
    private var index = 0
    private var inlineValue: Substring?
    private var name: Substring = ""
    private var given: Set<Substring> = []

    init(_ arguments: [String]) {
        self.arguments = arguments
    }

    mutating func next() -> String? {
        guard index < arguments.count else { return nil }
        defer { index += 1 }
        return arguments[index]
    }

    /// The name of the long option `argument` (`--name` or `--name=value`), its value kept for `value()`.
    mutating func option(_ argument: String) throws -> Substring {
        var name = argument.dropFirst(2)
        inlineValue = nil
        if let equals = name.firstIndex(of: "=") {
            inlineValue = name[name.index(after: equals)...]
            name = name[..<equals]
        }
        guard !name.isEmpty else { throw Unread() }
        self.name = name
        return name
    }

    /// A flag: given once, with no value.
    mutating func flag() throws -> Bool {
        guard inlineValue == nil, given.insert(name).inserted else { throw Unread() }
        return true
    }

    /// The option's value: after `=`, else the next argument, which must not look like an option.
    mutating func value(repeatable: Bool = false) throws -> String {
        guard repeatable || given.insert(name).inserted else { throw Unread() }
        if let inlineValue { return String(inlineValue) }
        guard let value = next(), !value.hasPrefix("-") else { throw Unread() }
        return value
    }

    /// The option's value as `type` reads it, as ArgumentParser converts it.
    mutating func value<Value: ExpressibleByArgument>(as type: Value.Type, repeatable: Bool = false) throws -> Value {
        guard let value = Value(argument: try value(repeatable: repeatable)) else { throw Unread() }
        return value
    }
}
