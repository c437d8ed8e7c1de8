import APNSLintModel
import APNSLintSyntax

/// An Xcode Simulator `.apns` file, turned into the notification the Simulator delivers to the app, as `xcrun simctl
/// help push` (Xcode 11.4 and later) and Xcode 11.4's release notes describe it:
///
///     {"Simulator Target Bundle": "com.example.app", "aps": {"alert": "Hi"}}
///     → the same object, delivered to com.example.app
///
/// - The file is a JSON object with `aps` ("The payload must: Contain an object at the top level. Contain an `aps`
///   key with valid values. Be 4096 bytes or less."): simctl refuses a larger file, and one without `aps`.
/// - "Simulator Target Bundle" names the app: a file dropped on the Simulator needs it ("the payload must contain a
///   Simulator Target Bundle top-level key with a string value that matches the target application's bundle
///   identifier"); `xcrun simctl push <device> <bundle-id> <file>` names the app itself and the key is then not read.
///   The app gets it in the notification's `userInfo` with the rest (harsh20k/NotificationDeepLink prints one).
/// - "Only application remote push notifications are supported. VoIP, Complication, File Provider, and other types
///   are not supported": a target bundle with a PushKit or complication suffix (`….voip`, `….complication`,
///   `….pushkit.fileprovider`, or any other push type's topic in Apple's spec) is not delivered, nor a Live
///   Activity update (`aps.event`, `aps.content-state`).
/// - "The `mutable-content` key is not honored" (Xcode 11.4 release notes, known issues; again in Xcode 14's): the
///   Notification Service Extension does not run for a file.
///
/// - Xcode reads the file with Foundation's `JSONSerialization`, which takes a trailing comma (swift-foundation's
///   JSONScanner) but no comment (only with `.json5Allowed`): `DialectCapabilities.readsTrailingCommas`.
/// - A template's slot for the bundle (`{app_bundle_id}`, `$(PRODUCT_BUNDLE_IDENTIFIER)`) is not judged
///   (`TemplatePlaceholder`); an underscore, which Xcode builds and runs but Apple does not document, is a warning.
///
/// The Simulator sends nothing to APNs: there are no headers, and the file's own size is what counts.
enum SimulatorDialect {
    /// The key that names the app.
    static let targetBundleKey = "Simulator Target Bundle"
    /// simctl's limit on the file.
    static let sizeLimit = 4096
    /// Topic suffixes of the push types simctl does not deliver (every push type with a topic of its own, in Apple's
    /// spec), and what each is; the longest first, so `.voip-ptt` is not taken for another.
    static let unsupportedSuffixes: [(suffix: String, kind: String)] = PushType.allCases
        .compactMap { type in type.spec.topicSuffix.map { ($0, kind(of: type)) } }
        .sorted { $0.suffix.count > $1.suffix.count }

    private static func kind(of type: PushType) -> String {
        switch type {
        case .voip: "VoIP (PushKit)"
        case .complication: "watch complication"
        case .fileprovider: "File Provider"
        case .liveactivity: "Live Activity"
        case .location: "location query"
        case .pushtotalk: "Push to Talk"
        case .widgets: "widget"
        case .controls: "control"
        default: type.rawValue
        }
    }
    static let fileExtension = "apns"
    /// The file's own size counts, not APNs's limit; and Xcode reads the file with Foundation's `JSONSerialization`,
    /// whose scanner skips a comma before a closing bracket ("the foundation json implementation does support trailing
    /// commas", swift-foundation's JSONScanner), so a trailing comma does not stop delivery. Comments it does not take
    /// (only with `.json5Allowed`), so they stay syntax errors.
    static let capabilities: DialectCapabilities = [.limitsSizeItself, .readsTrailingCommas]

    static func translate(_ document: DocumentNode, source: SourceText) -> DialectTranslation {
        guard let members = document.members else {
            return DialectTranslation(request: document, capabilities: capabilities)
        }
        var notes: [DialectNote] = []
        let target = members.last { $0.key == targetBundleKey }
        if let target {
            if let bundle = target.value.string {
                if TemplatePlaceholder.isPlaceholder(bundle) {
                    // A template's slot states no bundle identifier (the template principle, issue 43): whoever uses
                    // the file fills it in, so nothing is judged.
                } else if !isBundleIdentifier(bundle, allowingUnderscores: true) {
                    notes.append(DialectNote(
                        kind: .simulatorTargetBundleInvalid,
                        message: "\"\(bundle)\" is not a bundle identifier, so the Simulator finds no app to deliver the file to",
                        help: "write the app's bundle identifier, as in its Info.plist: reverse-DNS letters, digits, hyphens and dots (\"com.example.app\")",
                        range: target.value.range, pointer: JSONPointer([targetBundleKey])))
                } else if !isBundleIdentifier(bundle) {
                    // An underscore: outside what Apple documents for CFBundleIdentifier, yet Xcode builds, installs
                    // and runs such an app (a configuration's `com.example.app_dev`), so the Simulator may well find it.
                    notes.append(DialectNote(
                        kind: .simulatorTargetBundleInvalid,
                        message: "\"\(bundle)\" has an underscore, which Apple's CFBundleIdentifier documentation does not allow (letters, digits, hyphens and periods); Xcode still builds and runs an app with such an identifier, so the Simulator delivers the file if the installed app's identifier is exactly this, but the spelling is undocumented",
                        help: "check that the app's PRODUCT_BUNDLE_IDENTIFIER is exactly \"\(bundle)\"; the documented spelling uses a hyphen (\"\(String(bundle.map { $0 == "_" ? "-" : $0 }))\")",
                        range: target.value.range, pointer: JSONPointer([targetBundleKey]), severity: .warning))
                } else if let (suffix, kind) = unsupportedSuffixes.first(where: { bundle.hasSuffix($0.suffix) }) {
                    notes.append(DialectNote(
                        kind: .simulatorPushUnsupported,
                        message: "\"\(bundle)\" is a \(kind) topic (\(suffix)): simctl delivers only app remote notifications (\"VoIP, Complication, File Provider, and other types are not supported\")",
                        help: "test \(kind) pushes on a device; for the app's own notifications name its bundle identifier, \"\(bundle.dropLast(suffix.count))\"",
                        range: target.value.range, pointer: JSONPointer([targetBundleKey])))
                }
            } else {
                notes.append(DialectNote(
                    kind: .simulatorTargetBundleInvalid,
                    message: "\"\(targetBundleKey)\" is \(target.value.kind.phrase), but the Simulator reads it as a string holding the app's bundle identifier",
                    help: "write the bundle identifier as a string: \"\(targetBundleKey)\": \"com.example.app\"",
                    range: target.value.range, pointer: JSONPointer([targetBundleKey])))
            }
        } else if let misspelt = members.first(where: { Suggestion.closest(to: $0.key, in: [Suggestion.kebabCase(targetBundleKey)]) != nil }) {
            notes.append(DialectNote(
                kind: .simulatorTargetBundleMissing,
                message: "\"\(misspelt.key)\" is not \"\(targetBundleKey)\": the Simulator does not read it, so dropped on the Simulator the file names no app",
                help: "write the key as \"\(targetBundleKey)\"", range: misspelt.keyRange, pointer: JSONPointer([misspelt.key]),
                // A key meant as the bundle's and misspelt is a likely mistake, unlike a key left out on purpose.
                severity: .warning))
        } else {
            notes.append(DialectNote(
                kind: .simulatorTargetBundleMissing,
                message: "the file has no \"\(targetBundleKey)\": that is fine with `xcrun simctl push <device> <bundle-id> <file>` (or a watch app's scheme), which names the app, but dropped on the Simulator it is not delivered, as nothing says which app it is for",
                help: "to drop it on the Simulator, add \"\(targetBundleKey)\": \"<the app's bundle identifier>\"; to push it from a script, name the bundle: `xcrun simctl push booted <bundle-id> <file>`",
                range: SourceRange(start: document.range.start, end: document.range.start + 1), pointer: .root))
        }
        let aps = members.last { $0.key == "aps" }?.value.members ?? []
        if let event = aps.first(where: { ["event", "content-state"].contains($0.key) }) {
            notes.append(DialectNote(
                kind: .simulatorPushUnsupported,
                message: "\"\(event.key)\" makes this a Live Activity update, which simctl does not deliver (\"Only application remote push notifications are supported\"): the activity does not change",
                help: "test Live Activity pushes on a device or through APNs's sandbox with apns-push-type liveactivity",
                range: event.keyRange, pointer: JSONPointer(["aps", event.key])))
        }
        if let mutable = aps.last(where: { $0.key == "mutable-content" }), mutable.value.number?.intValue == 1 {
            notes.append(DialectNote(
                kind: .simulatorMutableContentIgnored,
                message: "the Simulator does not honour mutable-content for a file it is given (Xcode 11.4 release notes, known issue): the Notification Service Extension does not run, and the notification shows as written",
                help: "test the extension with a push through APNs's sandbox (Xcode 14 and later deliver those to a Simulator on Apple silicon or a T2 Mac)",
                range: mutable.keyRange, pointer: JSONPointer(["aps", "mutable-content"])))
        }
        if source.count > sizeLimit {
            notes.append(DialectNote(
                kind: .simulatorFileTooLarge,
                message: "the file is \(source.count) bytes, \(source.count - sizeLimit) over the 4096 simctl accepts (\"Be 4096 bytes or less\"), so it is not delivered",
                help: "cut at least \(source.count - sizeLimit) bytes (spaces and line breaks count too: simctl reads the file as it is)",
                range: document.range, pointer: .root))
        }
        // The app gets the whole object, "Simulator Target Bundle" included (a printed userInfo shows it).
        return DialectTranslation(request: document, notes: notes, capabilities: capabilities)
    }

    /// A reverse-DNS identifier as Xcode accepts for `CFBundleIdentifier`: letters, digits, hyphens and dots, at
    /// least two parts, none empty.
    /// With `allowingUnderscores`, an underscore counts too: Apple documents none, but Xcode builds and runs an app
    /// whose identifier has one.
    static func isBundleIdentifier(_ text: String, allowingUnderscores: Bool = false) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count >= 2 && parts.allSatisfy { part in
            !part.isEmpty && part.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || allowingUnderscores && $0 == "_")
            }
        }
    }
}
