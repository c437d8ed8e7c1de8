import APNSLintModel
import APNSLintSyntax
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The app's `Localizable` table in every language, from `.strings`, `.stringsdict` and `.xcstrings` files: what the
/// device looks `loc-key`, `title-loc-key` and `subtitle-loc-key` up in, and how many `loc-args` each string uses.
enum StringTables {
    static func read(_ tables: [(path: String, language: String?)], places: Places) -> LocalizedStrings {
        var entries: [String: [LocalizedString]] = [:]
        var languages = Set<String>()
        func add(_ key: String, _ entry: LocalizedString) {
            languages.insert(entry.language)
            // A .stringsdict entry wins over the .strings one of the same key and language, as Foundation reads them.
            if let index = entries[key]?.firstIndex(where: { $0.language == entry.language }) {
                if !entry.isExact || entry.location.path.hasSuffix(".stringsdict") { entries[key]![index] = entry }
            } else {
                entries[key, default: []].append(entry)
            }
        }
        for (path, folderLanguage) in tables.sorted(by: { $0.path < $1.path }) {
            guard let raw = readFile(path) else { continue }
            let language = folderLanguage ?? "Base"
            switch PathText.extension(of: path).lowercased() {
            case "strings":
                let bytes = utf8Text(raw)
                let source = SourceText(bytes: bytes)
                for member in OpenStepPlistReader.read(source, isStringsFile: true).document?.members ?? [] {
                    let text = member.value.string ?? ""
                    add(member.key, LocalizedString(language: language, text: text, argumentCount: FormatSpecifiers.argumentCount(of: text),
                                                    location: places.location(path, offset: member.keyRange.start, in: source)))
                }
            case "stringsdict":
                guard let plist = InfoPlist.dictionary(in: raw) else { continue }
                for (key, value) in plist {
                    guard let format = value.dictionary?["NSStringLocalizedFormatKey"]?.string else { continue }
                    add(key, LocalizedString(language: language, text: format, argumentCount: FormatSpecifiers.argumentCount(of: format),
                                             location: places.location(ofKey: key, in: path, text: raw)))
                }
            case "xcstrings":
                readCatalog(raw, path: path, places: places, add: add)
            default:
                continue
            }
        }
        return LocalizedStrings(entries: entries, languages: languages.sorted())
    }

    /// A string catalog (JSON): each key's `localizations`, a plural's `other` form standing for its variations. A key
    /// with no localization is its own text in the source language, as Xcode builds it.
    private static func readCatalog(_ bytes: [UInt8], path: String, places: Places, add: (String, LocalizedString) -> Void) {
        let source = SourceText(bytes: bytes)
        guard let document = JSONReader.read(source).documents.first, let top = document.members else { return }
        let sourceLanguage = top.last { $0.key == "sourceLanguage" }?.value.string ?? "en"
        for entry in top.last(where: { $0.key == "strings" })?.value.members ?? [] {
            let location = places.location(path, offset: entry.keyRange.start, in: source)
            let localizations = entry.value.members?.last { $0.key == "localizations" }?.value.members ?? []
            if localizations.isEmpty {
                add(entry.key, LocalizedString(language: sourceLanguage, text: entry.key, argumentCount: FormatSpecifiers.argumentCount(of: entry.key),
                                               location: location))
            }
            for localization in localizations {
                guard let text = catalogText(localization.value) else { continue }
                add(entry.key, LocalizedString(language: localization.key, text: text.value, argumentCount: FormatSpecifiers.argumentCount(of: text.value),
                                               isExact: !text.isPlural, location: location))
            }
        }
    }

    private static func catalogText(_ node: DocumentNode) -> (value: String, isPlural: Bool)? {
        let members = node.members ?? []
        if let value = members.last(where: { $0.key == "stringUnit" })?.value.members?.last(where: { $0.key == "value" })?.value.string {
            return (value, false)
        }
        // Variations (plural, device): the `other` form, else the first.
        guard let variations = members.last(where: { $0.key == "variations" })?.value.members else { return nil }
        for variation in variations {
            let forms = variation.value.members ?? []
            if let form = forms.last(where: { $0.key == "other" }) ?? forms.first, let text = catalogText(form.value) {
                return (text.value, true)
            }
        }
        return nil
    }
}

/// The printf-style specifiers of a localized string, as `String(format:)` reads them.
enum FormatSpecifiers {
    /// How many arguments `text` uses: its highest position (`%2$@`), else its number of specifiers; `%%` is none, and a
    /// `.stringsdict` variable (`%#@count@`) is one.
    static func argumentCount(of text: String) -> Int {
        let scalars = Array(text.unicodeScalars)
        var sequential = 0
        var highestPosition = 0
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "%" else { index += 1; continue }
            index += 1
            guard index < scalars.count else { break }
            if scalars[index] == "%" { index += 1; continue }
            // A position: digits then `$`.
            var digits = 0
            var look = index
            while look < scalars.count, ("0"..."9").contains(scalars[look]) {
                digits = digits * 10 + Int(scalars[look].value - 48)
                look += 1
            }
            var position: Int?
            if look < scalars.count, scalars[look] == "$", look > index {
                position = digits
                index = look + 1
            }
            if index < scalars.count, scalars[index] == "#", index + 1 < scalars.count, scalars[index + 1] == "@" {
                // `%#@name@`: one argument, named by the rule.
                index += 2
                while index < scalars.count, scalars[index] != "@" { index += 1 }
                index += 1
            } else {
                // Flags, width, precision and length, then the conversion.
                while index < scalars.count, "-+ #0'123456789.*hlqLzjt".unicodeScalars.contains(scalars[index]) { index += 1 }
                guard index < scalars.count, "@dDiuUxXoOfFeEgGcCsSpaA".unicodeScalars.contains(scalars[index]) else { continue }
                index += 1
            }
            if let position {
                highestPosition = max(highestPosition, position)
            } else {
                sequential += 1
            }
        }
        return max(highestPosition, sequential)
    }
}
