import APNSLintSyntax
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A target's build settings for one configuration, as Xcode layers them (lowest first: the project's `.xcconfig`, the
/// project's settings, the target's `.xcconfig`, the target's settings), with `$(NAME)` references expanded.
struct BuildSettings {
    /// One level's settings, each with where it is written.
    struct Layer {
        struct Place {
            let source: SettingSource
            let offset: Int
        }

        private(set) var values: [String: (value: String, place: Place)] = [:]

        init() {}

        /// A setting; one with a condition (`[sdk=iphoneos*]`) is taken only when no unconditional one is written, as
        /// the device build uses it.
        mutating func set(_ key: String, _ value: String, condition: String?, at place: Place) {
            if condition != nil, values[key] != nil { return }
            values[key] = (value, place)
        }

        /// The settings of an `.xcconfig` file, its `#include`s first.
        init(xcconfig path: String, depth: Int = 0) {
            guard depth < 16, let bytes = readFile(path) else { return }
            let source = SourceText(bytes: bytes)
            var offset = 0
            for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
                defer { offset += line.count + 1 }
                var text = String(decoding: line, as: UTF8.self)
                if let comment = text.firstRange(of: "//") { text = String(text[..<comment.lowerBound]) }
                let trimmed = text.trimmingSpaces()
                if trimmed.hasPrefix("#include") {
                    guard let open = trimmed.firstIndex(of: "\""), let close = trimmed.lastIndex(of: "\""), open < close else { continue }
                    let included = String(trimmed[trimmed.index(after: open)..<close])
                    let includedPath = included.hasPrefix("/") ? included : PathText.directory(of: path) + "/" + included
                    for (key, entry) in Layer(xcconfig: includedPath, depth: depth + 1).values { values[key] = entry }
                    continue
                }
                // The `=` after the name and its condition (`NAME[sdk=iphoneos*] = value`).
                let afterCondition = trimmed.firstIndex(of: "]").map { trimmed.index(after: $0) } ?? trimmed.startIndex
                guard let equals = trimmed[afterCondition...].firstIndex(of: "=") else { continue }
                let name = String(trimmed[..<equals].trimmingSpaces())
                let value = String(trimmed[trimmed.index(after: equals)...].trimmingSpaces())
                guard !name.isEmpty else { continue }
                let valueOffset = offset + trimmed.utf8.distance(from: trimmed.startIndex, to: equals) + 1
                    + (line.firstIndex { $0 != 0x20 && $0 != 0x09 }.map { $0 - line.startIndex } ?? 0)
                set(BuildSettings.key(of: name), value, condition: BuildSettings.condition(of: name),
                    at: Place(source: .file(path, source), offset: valueOffset))
            }
        }
    }

    let layers: [Layer]
    let builtIn: [String: String]

    /// `PRODUCT_BUNDLE_IDENTIFIER[sdk=iphoneos*]` → `PRODUCT_BUNDLE_IDENTIFIER`.
    static func key(of written: String) -> String {
        written.firstIndex(of: "[").map { String(written[..<$0]) } ?? written
    }

    static func condition(of written: String) -> String? {
        written.firstIndex(of: "[").map { String(written[$0...]) }
    }

    /// The setting's value with its references expanded, and where the value is written; nil when no level sets it.
    /// A reference to a setting no level sets (and Xcode's own) stays as written: `$(UNKNOWN)`.
    func value(of key: String) -> (value: String, place: Layer.Place?)? {
        guard let (raw, place, level) = written(key, below: layers.count) else {
            return builtIn[key].map { (expand($0, level: layers.count, depth: 0), nil) }
        }
        return (expand(raw, level: level, depth: 0, inheriting: key), place)
    }

    private func written(_ key: String, below level: Int) -> (String, Layer.Place, Int)? {
        var index = level - 1
        while index >= 0 {
            if let entry = layers[index].values[key] { return (entry.value, entry.place, index) }
            index -= 1
        }
        return nil
    }

    /// `$(NAME)`, `${NAME}` and `$(NAME:modifier)` expanded; `$(inherited)` is the value of the levels below.
    private func expand(_ text: String, level: Int, depth: Int, inheriting key: String? = nil) -> String {
        guard text.contains("$"), depth < 16 else { return text }
        var result = ""
        var rest = Substring(text)
        while let dollar = rest.firstIndex(of: "$") {
            result += rest[..<dollar]
            let afterDollar = rest.index(after: dollar)
            guard afterDollar < rest.endIndex, rest[afterDollar] == "(" || rest[afterDollar] == "{" else {
                result.append("$")
                rest = rest[afterDollar...]
                continue
            }
            let close: Character = rest[afterDollar] == "(" ? ")" : "}"
            guard let end = rest[afterDollar...].firstIndex(of: close) else {
                result += rest
                return result
            }
            let reference = String(rest[rest.index(after: afterDollar)..<end])
            let parts = reference.split(separator: ":", maxSplits: 1).map(String.init)
            let name = parts.first ?? ""
            var value: String?
            if name == "inherited" {
                value = key.flatMap { written($0, below: level) }.map { expand($0.0, level: $0.2, depth: depth + 1, inheriting: key) } ?? ""
            } else if let (raw, _, found) = written(name, below: layers.count) {
                value = expand(raw, level: found, depth: depth + 1, inheriting: name)
            } else if let builtIn = builtIn[name] {
                value = expand(builtIn, level: layers.count, depth: depth + 1)
            }
            if let found = value {
                result += parts.count > 1 ? Self.modify(found, parts[1]) : found
            } else {
                result += rest[dollar...end]
            }
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }

    /// Xcode's modifiers that matter for identifiers.
    private static func modify(_ value: String, _ modifier: String) -> String {
        switch modifier {
        case "rfc1034identifier": String(value.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "-" })
        case "c99extidentifier", "identifier": String(value.map { $0.isLetter || $0.isNumber ? $0 : "_" })
        case "lower": value.lowercased()
        case "upper": value.uppercased()
        default: value
        }
    }
}
