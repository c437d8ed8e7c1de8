import APNSLintDialects
import APNSLintModel
import APNSLintRules
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The JSON Schema of `.apns-lint.yml`, generated from the key enums the reader switches over (`ConfigurationKey`,
/// `OverrideKey`, `IgnoreEntryKey`) and from the rules, so editors complete and check exactly what apns-lint accepts.
/// Shipped as `apns-lint.schema.json`; a test fails when it is stale (`apns-lint generate-docs` rewrites it).
public enum ConfigurationSchema {
    public static let fileName = "apns-lint.schema.json"

    public static func text(rules: [any Rule.Type] = RuleRegistry.all) -> String {
        JSONText.write(schema(rules: rules), pretty: true) + "\n"
    }

    static func schema(rules: [any Rule.Type]) -> [String: Any] {
        let stringOrList: [String: Any] = ["oneOf": [["type": "string"], ["type": "array", "items": ["type": "string"]]]]
        let selectors: [String: Any] = ["oneOf": [["$ref": "#/definitions/ruleSelector"], ["type": "array", "items": ["$ref": "#/definitions/ruleSelector"]]]]
        // Exhaustive switches over the keys' enums: a key the reader takes cannot be left out of the schema.
        func topLevelValue(_ key: ConfigurationKey) -> [String: Any] {
            switch key {
            case .rules: ["$ref": "#/definitions/rules"]
            case .select, .extendSelect: selectors
            case .headers: ["$ref": "#/definitions/headers"]
            case .platforms: ["$ref": "#/definitions/platforms"]
            case .serializer: ["enum": WireSerializer.Style.allCases.map(\.rawValue)]
            case .sizeLimitProfile: ["enum": RuleOptions.SizeLimitProfile.allCases.map(\.rawValue)]
            case .dialect: ["enum": Dialect.allCases.map(\.rawValue)]
            case .environment: ["enum": APNsEnvironment.allCases.map(\.rawValue)]
            case .extends, .include, .exclude: stringOrList
            case .app: ["oneOf": [
                ["type": "string"], ["type": "array", "items": ["type": "string"]], ["const": false],
                ["type": "object", "required": ["path"], "additionalProperties": false, "properties": [
                    "path": stringOrList.merging(["description": "The project (or projects) of the app."]) { $1 },
                    "targets": stringOrList.merging(["description": "The targets to read (default: all)."]) { $1 },
                ] as [String: Any]],
            ] as [[String: Any]]]
            case .overrides: [
                "type": "array",
                "items": [
                    "type": "object", "required": [OverrideKey.files.rawValue], "additionalProperties": false,
                    "properties": properties(OverrideKey.allCases, overrideValue, summary: \.summary),
                ] as [String: Any],
            ]
            case .ignore: [
                "type": "array",
                "items": ["oneOf": [["$ref": "#/definitions/ruleSelector"], [
                    "type": "object", "required": IgnoreEntryKey.allCases.filter(\.isRequired).map(\.rawValue), "additionalProperties": false,
                    "properties": properties(IgnoreEntryKey.allCases, ignoreEntryValue, summary: \.summary),
                ] as [String: Any]]],
            ]
            }
        }
        func overrideValue(_ key: OverrideKey) -> [String: Any] {
            switch key {
            case .files: stringOrList
            case .ignore: selectors
            case .rules, .select, .extendSelect, .headers, .platforms, .serializer, .sizeLimitProfile, .dialect, .environment:
                key.topLevel.map(topLevelValue) ?? [:]
            }
        }
        func ignoreEntryValue(_ key: IgnoreEntryKey) -> [String: Any] {
            switch key {
            case .file: stringOrList
            case .rule: ["oneOf": [["$ref": "#/definitions/ruleID"], ["type": "array", "items": ["$ref": "#/definitions/ruleID"]]]]
            case .pointer: ["type": "string", "pattern": "^(/.*)?$"]
            case .reason: ["type": "string", "minLength": 1]
            }
        }
        /// Each key's value with its summary as the description.
        func properties<Key: RawRepresentable>(_ keys: [Key], _ value: (Key) -> [String: Any], summary: (Key) -> String)
            -> [String: Any] where Key.RawValue == String {
            var properties: [String: Any] = [:]
            for key in keys { properties[key.rawValue] = value(key).merging(["description": summary(key)]) { $1 } }
            return properties
        }
        var top = properties(ConfigurationKey.allCases, topLevelValue, summary: \.summary)
        top["$schema"] = ["type": "string"]

        var ruleProperties: [String: Any] = [:]
        for rule in rules {
            // A rule of unreadable input cannot be turned off (`Rule.alwaysRuns`): the file refuses `off` for it.
            let levels = RuleLevel.allCases.filter { $0 != .off || !rule.alwaysRuns }.map(\.rawValue)
            let metadata = rule.documented
            let description = "\(metadata.summary) (default: \(metadata.severity.rawValue))"
            var settings: [String: Any] = ["severity": ["enum": levels]]
            for option in metadata.options {
                settings[option.name] = ["type": "number", "minimum": option.allowed.lowerBound, "maximum": option.allowed.upperBound,
                                         "default": option.defaultValue, "description": option.summary]
            }
            ruleProperties[metadata.id] = [
                "description": description,
                "oneOf": [["enum": levels], ["type": "object", "additionalProperties": false, "properties": settings]],
            ] as [String: Any]
        }
        var headerProperties: [String: Any] = [:]
        for spec in Schema.headers { headerProperties[spec.name] = ["type": ["string", "integer"]] }
        let platforms = RuleOptions.Platform.allCases.map(\.rawValue)
        return [
            "$schema": "http://json-schema.org/draft-07/schema#",
            "$id": "https://raw.githubusercontent.com/apns-lint/apns-lint/main/\(fileName)",
            "title": "apns-lint configuration (.apns-lint.yml)",
            "type": "object",
            "additionalProperties": false,
            "properties": top,
            "definitions": [
                "rules": ["type": "object", "additionalProperties": false, "properties": ruleProperties],
                "ruleID": ["enum": rules.map { $0.id }],
                "ruleSelector": ["description": "A rule id, or a category of rules.", "enum": rules.map { $0.id } + RuleCategory.allCases.map(\.rawValue)],
                "headers": ["type": "object", "additionalProperties": false, "properties": headerProperties],
                "platforms": ["oneOf": [["enum": platforms], ["type": "array", "items": ["enum": platforms]]]],
            ] as [String: Any],
        ]
    }
}
