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

/// The JSON Schema of `.apns-lint.yml`, generated from the same tables the reader checks against, so editors
/// complete and check exactly what apns-lint accepts. Shipped as `apns-lint.schema.json`; a test fails when it
/// is stale (`apns-lint generate-docs` rewrites it).
public enum ConfigurationSchema {
    public static let fileName = "apns-lint.schema.json"

    public static func text(rules: [any Rule.Type] = RuleRegistry.all) -> String {
        schema(rules: rules).serialized(.sortedPretty) + "\n"
    }

    static func schema(rules: [any Rule.Type]) -> JSONValue {
        let summaries = Dictionary(uniqueKeysWithValues: ConfigurationFile.topLevelKeys.map { ($0.key, $0.summary) })
        func described(_ key: String, _ schema: JSONValue) -> JSONValue {
            schema.merging(["description": .string(summaries[key] ?? "")])
        }
        let stringOrList: JSONValue = ["oneOf": [["type": "string"], ["type": "array", "items": ["type": "string"]]]]
        let selectors: JSONValue = ["oneOf": [["$ref": "#/definitions/ruleSelector"], ["type": "array", "items": ["$ref": "#/definitions/ruleSelector"]]]]
        let settingKeys: JSONValue = [
            "rules": described("rules", ["$ref": "#/definitions/rules"]),
            "select": described("select", selectors),
            "extend-select": described("extend-select", selectors),
            "headers": described("headers", ["$ref": "#/definitions/headers"]),
            "platforms": described("platforms", ["$ref": "#/definitions/platforms"]),
            "serializer": described("serializer", ["enum": .strings(WireSerializer.Style.allCases.map(\.rawValue))]),
            "size-limit-profile": described("size-limit-profile", ["enum": .strings(RuleOptions.SizeLimitProfile.allCases.map(\.rawValue))]),
            "dialect": described("dialect", ["enum": .strings(Dialect.allCases.map(\.rawValue))]),
            "environment": described("environment", ["enum": .strings(APNsEnvironment.allCases.map(\.rawValue))]),
        ]
        var top = settingKeys
        top["$schema"] = ["type": "string"]
        top["extends"] = described("extends", stringOrList)
        top["include"] = described("include", stringOrList)
        top["exclude"] = described("exclude", stringOrList)
        top["app"] = described("app", ["oneOf": [
            ["type": "string"], ["type": "array", "items": ["type": "string"]], ["const": false],
            ["type": "object", "required": ["path"], "additionalProperties": false, "properties": [
                "path": stringOrList.merging(["description": "The project (or projects) of the app."]),
                "targets": stringOrList.merging(["description": "The targets to read (default: all)."]),
            ]],
        ]])
        top["overrides"] = described("overrides", [
            "type": "array",
            "items": [
                "type": "object", "required": ["files"], "additionalProperties": false,
                "properties": settingKeys.merging([
                    "files": stringOrList.merging(["description": "Globs of the files this override applies to."]),
                    "ignore": selectors.merging(["description": "Rules (ids or categories) that do not run on these files."]),
                ]),
            ],
        ])
        top["ignore"] = described("ignore", [
            "type": "array",
            "items": ["oneOf": [["$ref": "#/definitions/ruleSelector"], [
                "type": "object", "required": ["file", "rule", "reason"], "additionalProperties": false,
                "properties": [
                    "file": stringOrList.merging(["description": "Globs of the files the entry applies to."]),
                    "rule": ["description": "The rule ids whose findings are accepted.",
                             "oneOf": [["$ref": "#/definitions/ruleID"], ["type": "array", "items": ["$ref": "#/definitions/ruleID"]]]],
                    "pointer": ["type": "string", "pattern": "^(/.*)?$",
                                "description": "A JSON Pointer: only findings at this value or inside it (default: the whole file)."],
                    "reason": ["type": "string", "minLength": 1, "description": "Why these findings are accepted."],
                ],
            ]]],
        ])

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
