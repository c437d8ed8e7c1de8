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

/// The JSON Schema of `.apns-lint.yml`, generated from the same tables the reader checks against, so editors
/// complete and check exactly what apns-lint accepts. Shipped as `apns-lint.schema.json`; a test fails when it
/// is stale (`apns-lint generate-docs` rewrites it).
public enum ConfigurationSchema {
    public static let fileName = "apns-lint.schema.json"

    public static func text(rules: [any Rule.Type] = RuleRegistry.all) -> String {
        JSONText.write(schema(rules: rules), pretty: true) + "\n"
    }

    static func schema(rules: [any Rule.Type]) -> [String: Any] {
        let summaries = Dictionary(uniqueKeysWithValues: ConfigurationFile.topLevelKeys.map { ($0.key, $0.summary) })
        func described(_ key: String, _ schema: [String: Any]) -> [String: Any] {
            schema.merging(["description": summaries[key] ?? ""]) { $1 }
        }
        let stringOrList: [String: Any] = ["oneOf": [["type": "string"], ["type": "array", "items": ["type": "string"]]]]
        let selectors: [String: Any] = ["oneOf": [["$ref": "#/definitions/ruleSelector"], ["type": "array", "items": ["$ref": "#/definitions/ruleSelector"]]]]
        let settingKeys: [String: Any] = [
            "rules": described("rules", ["$ref": "#/definitions/rules"]),
            "select": described("select", selectors),
            "extend-select": described("extend-select", selectors),
            "headers": described("headers", ["$ref": "#/definitions/headers"]),
            "platforms": described("platforms", ["$ref": "#/definitions/platforms"]),
            "serializer": described("serializer", ["enum": WireSerializer.Style.allCases.map(\.rawValue)]),
            "size-limit-profile": described("size-limit-profile", ["enum": RuleOptions.SizeLimitProfile.allCases.map(\.rawValue)]),
            "dialect": described("dialect", ["enum": Dialect.allCases.map(\.rawValue)]),
            "environment": described("environment", ["enum": APNsEnvironment.allCases.map(\.rawValue)]),
        ]
        var top = settingKeys
        top["$schema"] = ["type": "string"]
        top["extends"] = described("extends", stringOrList)
        top["include"] = described("include", stringOrList)
        top["exclude"] = described("exclude", stringOrList)
        top["app"] = described("app", ["oneOf": [
            ["type": "string"], ["type": "array", "items": ["type": "string"]], ["const": false],
            ["type": "object", "required": ["path"], "additionalProperties": false, "properties": [
                "path": stringOrList.merging(["description": "The project (or projects) of the app."]) { $1 },
                "targets": stringOrList.merging(["description": "The targets to read (default: all)."]) { $1 },
            ] as [String: Any]],
        ] as [[String: Any]]])
        top["overrides"] = described("overrides", [
            "type": "array",
            "items": [
                "type": "object", "required": ["files"], "additionalProperties": false,
                "properties": settingKeys.merging([
                    "files": stringOrList.merging(["description": "Globs of the files this override applies to."]) { $1 },
                    "ignore": selectors.merging(["description": "Rules (ids or categories) that do not run on these files."]) { $1 },
                ]) { $1 },
            ] as [String: Any],
        ])
        top["ignore"] = described("ignore", [
            "type": "array",
            "items": ["oneOf": [["$ref": "#/definitions/ruleSelector"], [
                "type": "object", "required": ["file", "rule", "reason"], "additionalProperties": false,
                "properties": [
                    "file": stringOrList.merging(["description": "Globs of the files the entry applies to."]) { $1 },
                    "rule": ["description": "The rule ids whose findings are accepted.",
                             "oneOf": [["$ref": "#/definitions/ruleID"], ["type": "array", "items": ["$ref": "#/definitions/ruleID"]]]],
                    "pointer": ["type": "string", "pattern": "^(/.*)?$",
                                "description": "A JSON Pointer: only findings at this value or inside it (default: the whole file)."],
                    "reason": ["type": "string", "minLength": 1, "description": "Why these findings are accepted."],
                ] as [String: Any],
            ] as [String: Any]]],
        ])

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
