import APNSLintDialects
import APNSLintModel
import APNSLintRules
import APNSLintSyntax
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
        schema(rules: rules).serialized(.sortedPretty) + "\n"
    }

    static func schema(rules: [any Rule.Type]) -> JSONValue {
        let stringOrList: JSONValue = ["oneOf": [["type": "string"], ["type": "array", "items": ["type": "string"]]]]
        let selectors: JSONValue = ["oneOf": [["$ref": "#/definitions/ruleSelector"], ["type": "array", "items": ["$ref": "#/definitions/ruleSelector"]]]]
        // Exhaustive switches over the keys' enums: a key the reader takes cannot be left out of the schema.
        func topLevelValue(_ key: ConfigurationKey) -> JSONValue {
            switch key {
            case .rules: ["$ref": "#/definitions/rules"]
            case .select, .extendSelect: selectors
            case .headers: ["$ref": "#/definitions/headers"]
            case .platforms: ["$ref": "#/definitions/platforms"]
            case .serializer: ["enum": .strings(WireSerializer.Style.allCases.map(\.rawValue))]
            case .sizeLimitProfile: ["enum": .strings(RuleOptions.SizeLimitProfile.allCases.map(\.rawValue))]
            case .dialect: ["enum": .strings(Dialect.allCases.map(\.rawValue))]
            case .environment: ["enum": .strings(APNsEnvironment.allCases.map(\.rawValue))]
            case .extends, .include, .exclude: stringOrList
            case .app: ["oneOf": [
                ["type": "string"], ["type": "array", "items": ["type": "string"]], ["const": false],
                ["type": "object", "required": ["path"], "additionalProperties": false, "properties": [
                    "path": stringOrList.merging(["description": "The project (or projects) of the app."]),
                    "targets": stringOrList.merging(["description": "The targets to read (default: all)."]),
                ]],
            ]]
            case .overrides: [
                "type": "array",
                "items": [
                    "type": "object", "required": [.string(OverrideKey.files.rawValue)], "additionalProperties": false,
                    "properties": properties(OverrideKey.allCases, overrideValue, summary: \.summary),
                ],
            ]
            case .ignore: [
                "type": "array",
                "items": ["oneOf": [["$ref": "#/definitions/ruleSelector"], [
                    "type": "object", "required": .strings(IgnoreEntryKey.allCases.filter(\.isRequired).map(\.rawValue)), "additionalProperties": false,
                    "properties": properties(IgnoreEntryKey.allCases, ignoreEntryValue, summary: \.summary),
                ]]],
            ]
            }
        }
        func overrideValue(_ key: OverrideKey) -> JSONValue {
            switch key {
            case .files: stringOrList
            case .ignore: selectors
            case .rules, .select, .extendSelect, .headers, .platforms, .serializer, .sizeLimitProfile, .dialect, .environment:
                key.topLevel.map(topLevelValue) ?? [:]
            }
        }
        func ignoreEntryValue(_ key: IgnoreEntryKey) -> JSONValue {
            switch key {
            case .file: stringOrList
            case .rule: ["oneOf": [["$ref": "#/definitions/ruleID"], ["type": "array", "items": ["$ref": "#/definitions/ruleID"]]]]
            case .pointer: ["type": "string", "pattern": "^(/.*)?$"]
            case .reason: ["type": "string", "minLength": 1]
            }
        }
        /// Each key's value with its summary as the description.
        func properties<Key: RawRepresentable>(_ keys: [Key], _ value: (Key) -> JSONValue, summary: (Key) -> String)
            -> JSONValue where Key.RawValue == String {
            var properties: JSONValue = [:]
            for key in keys { properties[key.rawValue] = value(key).merging(["description": .string(summary(key))]) }
            return properties
        }
        var top = properties(ConfigurationKey.allCases, topLevelValue, summary: \.summary)
        top["$schema"] = ["type": "string"]

        var ruleProperties: JSONValue = [:]
        for rule in rules {
            // A rule of unreadable input cannot be turned off (`Rule.alwaysRuns`): the file refuses `off` for it.
            let levels = RuleLevel.allCases.filter { $0 != .off || !rule.alwaysRuns }.map(\.rawValue)
            let metadata = rule.documented
            let description = "\(metadata.summary) (default: \(metadata.severity.rawValue))"
            var settings: JSONValue = ["severity": ["enum": .strings(levels)]]
            for option in metadata.options {
                settings[option.name] = ["type": "number", "minimum": .double(option.allowed.lowerBound), "maximum": .double(option.allowed.upperBound),
                                         "default": .double(option.defaultValue), "description": .string(option.summary)]
            }
            ruleProperties[metadata.id] = [
                "description": .string(description),
                "oneOf": [["enum": .strings(levels)], ["type": "object", "additionalProperties": false, "properties": settings]],
            ]
        }
        var headerProperties: JSONValue = [:]
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
                "ruleID": ["enum": .strings(rules.map { $0.id })],
                "ruleSelector": ["description": "A rule id, or a category of rules.", "enum": .strings(rules.map { $0.id } + RuleCategory.allCases.map(\.rawValue))],
                "headers": ["type": "object", "additionalProperties": false, "properties": headerProperties],
                "platforms": ["oneOf": [["enum": .strings(platforms)], ["type": "array", "items": ["enum": .strings(platforms)]]]],
            ],
        ]
    }
}
