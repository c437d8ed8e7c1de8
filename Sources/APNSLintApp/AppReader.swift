import APNSLintModel
import APNSLintSyntax
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads the app a project describes into an `AppContext`: its targets (bundle identifiers, Info.plist, entitlements)
/// from an Xcode project (XcodeGen's `project.yml` as a fallback), and from the project's folder its `Localizable`
/// strings, sounds and the notification categories its sources register.
public enum AppReader {
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public let description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// - Parameters:
    ///   - path: an `.xcodeproj`, a `project.yml`, a `Package.swift`, or a folder holding one of them.
    ///   - targets: the targets to read (all the project's when nil or empty).
    ///   - base: where paths are shown from (the working directory).
    public static func read(_ path: String, targets names: [String]? = nil, base: String) throws -> AppContext {
        let places = Places(base: base)
        let project = try projectFile(at: path)
        var root = PathText.directory(of: project)
        var targets: [AppTarget]
        switch PathText.extension(of: project) {
        case "xcodeproj":
            let xcode: XcodeProject
            do {
                xcode = try XcodeProject(xcodeproj: project)
            } catch let failure as XcodeProject.Failure {
                throw Failure(description: failure.description(showing: places.display))
            }
            root = xcode.sourceRoot
            targets = xcode.targets.map { target(from: $0, places: places) }
        case "yml", "yaml":
            targets = XcodeGenProject.targets(in: project, places: places)
        default:
            // A Swift package: no bundle identifiers or Info.plist to read, only its folders.
            targets = []
        }
        if let names, !names.isEmpty {
            let unknown = names.filter { name in !targets.contains { $0.name == name } }
            if !unknown.isEmpty {
                throw Failure(description: "\(places.display(project)) has no target \(unknown.map { "\"\($0)\"" }.joined(separator: ", ")) (its targets: \(targets.map(\.name).joined(separator: ", ")))")
            }
            targets = targets.filter { names.contains($0.name) }
        }
        let files = AppFiles(root: root)
        var sounds: [String: AppSound] = [:]
        for (name, soundPath) in files.sounds {
            let format: AppSound.Format = switch PathText.extension(of: name).lowercased() {
            case "caf": .caf
            case "aif", "aiff", "aifc": .aiff
            case "wav", "wave": .wav
            default: .other
            }
            let seconds = format == .other ? nil : readFile(soundPath, limit: 64 << 20).flatMap(AudioDuration.seconds(of:))
            sounds[name] = AppSound(location: places.location(soundPath), format: format, seconds: seconds)
        }
        let categories = Categories.read(files.sources, places: places)
        return AppContext(project: places.location(project), targets: targets, strings: StringTables.read(files.stringTables, places: places),
                          sounds: sounds, categories: categories.identifiers, categoriesAreAllLiteral: categories.allLiteral,
                          activityTypes: categories.namesActivityAttributes ? activityTypes(in: files.sources, places: places) : [])
    }

    /// The app's Live Activity types, read from all its Swift (a `ContentState` may use types other files declare).
    static func activityTypes(in sources: [String], places: Places) -> [Located<ActivityAttributesType>] {
        let swift = sources.filter { $0.hasSuffix(".swift") }
        return SwiftActivityReader.activityTypes(inFiles: swift) { readFile($0, limit: sourceSizeLimit) }.map { type in
            var type = type
            let location = places.location(type.file, line: type.line, column: type.column)
            type.file = location.path
            return Located(type, at: location)
        }
    }

    /// A source file larger than this is not read: generated code, not an app's declarations.
    static let sourceSizeLimit = 4 << 20

    /// The Xcode projects under `root` (a repository), nearest first: `*.xcodeproj` up to four folders deep, outside
    /// dependencies' and build folders.
    public static func discover(in root: String) -> [String] {
        var found: [String] = []
        var level = [root]
        for _ in 0..<4 {
            var next: [String] = []
            for folder in level {
                for name in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() {
                    let path = folder + "/" + name
                    if name.hasSuffix(".xcodeproj") {
                        found.append(path)
                    } else if !AppFiles.skippedFolders.contains(name), !name.hasPrefix("."), !name.contains("."),
                              (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeDirectory {
                        next.append(path)
                    }
                }
            }
            if !found.isEmpty { return found }
            level = next
        }
        return found
    }

    /// The project file `path` names, or the one a folder holds.
    private static func projectFile(at path: String) throws -> String {
        guard let kind = fileKind(at: path) else {
            throw Failure(description: "\(path): no such file or folder")
        }
        if path.hasSuffix(".xcodeproj") { return path }
        if !kind.isFolder {
            let name = PathText.name(of: path)
            guard ["yml", "yaml"].contains(PathText.extension(of: name)) || name == "Package.swift" else {
                throw Failure(description: "\(path) is not an app's project: give an .xcodeproj, an XcodeGen project.yml, a Package.swift, or a folder holding one")
            }
            return path
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
        if let project = names.first(where: { $0.hasSuffix(".xcodeproj") }) { return path + "/" + project }
        if names.contains("project.yml") { return path + "/project.yml" }
        if names.contains("Package.swift") { return path + "/Package.swift" }
        throw Failure(description: "\(path) holds no Xcode project (.xcodeproj), XcodeGen project.yml or Package.swift")
    }

    /// A target's bundle identifiers (one per configuration where they differ), Info.plist and entitlements: those of
    /// the Release configuration, which the shipped app is built with, else the last.
    static func target(from target: XcodeProject.Target, places: Places) -> AppTarget {
        var identifiers: [Located<String>] = []
        for configuration in target.configurations {
            guard let (value, place) = configuration.settings.value(of: "PRODUCT_BUNDLE_IDENTIFIER"), !value.isEmpty,
                  !identifiers.contains(where: { $0.value == value }) else { continue }
            identifiers.append(Located(value, at: location(of: place, places: places)))
        }
        guard let settings = (target.configurations.first { $0.name == "Release" } ?? target.configurations.last)?.settings else {
            return AppTarget(name: target.name, kind: kind(of: target.productType, name: target.name, extensionPoint: nil), bundleIdentifiers: identifiers)
        }
        var info = InfoPlist(path: nil, values: [:], text: nil)
        if let file = settings.value(of: "INFOPLIST_FILE")?.value, !file.isEmpty {
            info = InfoPlist(path: absolute(file, settings: settings))
        }
        let generated = settings.value(of: "GENERATE_INFOPLIST_FILE")?.value.uppercased() == "YES"
        var backgroundModes: Located<[String]>?
        if let path = info.path, info.isRead {
            backgroundModes = Located(info.values["UIBackgroundModes"]?.strings ?? [], at: places.location(ofKey: "UIBackgroundModes", in: path, text: info.text))
        } else if info.path == nil, generated, let place = settings.value(of: "GENERATE_INFOPLIST_FILE")?.place {
            // A generated Info.plist with no file to add to: it has no background modes.
            backgroundModes = Located([], at: location(of: place, places: places))
        }
        var supportsLiveActivities: Located<Bool>?
        if let path = info.path, let flag = info.values["NSSupportsLiveActivities"]?.bool {
            supportsLiveActivities = Located(flag, at: places.location(ofKey: "NSSupportsLiveActivities", in: path, text: info.text))
        } else if let (value, place) = settings.value(of: "INFOPLIST_KEY_NSSupportsLiveActivities") {
            supportsLiveActivities = Located(value.uppercased() == "YES", at: location(of: place, places: places))
        }
        let extensionPoint = info.values["NSExtension"]?.dictionary?["NSExtensionPointIdentifier"]?.string
        var entitlements: Entitlements?
        if let file = settings.value(of: "CODE_SIGN_ENTITLEMENTS")?.value, !file.isEmpty {
            entitlements = Self.entitlements(inFile: absolute(file, settings: settings), places: places)
            // A build step may add entitlements (a script editing the .xcent): the file is then not the last word.
            if let (value, place) = settings.value(of: "CODE_SIGN_ALLOW_ENTITLEMENTS_MODIFICATION"), value.uppercased() == "YES" {
                entitlements?.modifiedByBuild = location(of: place, places: places)
            }
        }
        return AppTarget(name: target.name, kind: kind(of: target.productType, name: target.name, extensionPoint: extensionPoint),
                         bundleIdentifiers: identifiers, backgroundModes: backgroundModes, infoPlist: info.isRead ? info.path.map { places.location($0) } : nil,
                         supportsLiveActivities: supportsLiveActivities, entitlements: entitlements)
    }

    /// An entitlements file's keys, each at its line; nil when it cannot be read.
    static func entitlements(inFile path: String, places: Places) -> Entitlements? {
        let plist = InfoPlist(path: path)
        guard plist.isRead else { return nil }
        var values: [String: Located<String>] = [:]
        for (key, value) in plist.values {
            values[key] = Located(value.text, at: places.location(ofKey: key, in: path, text: plist.text))
        }
        return Entitlements(file: places.location(path), values: values)
    }

    /// What a target is, from its product type and, for an extension, the extension point its Info.plist names.
    static func kind(of productType: String, name: String, extensionPoint: String?) -> AppTarget.Kind {
        switch productType {
        case "com.apple.product-type.application":
            return .app
        case "com.apple.product-type.application.watchapp2", "com.apple.product-type.application.watchapp2-container",
             "com.apple.product-type.watchkit2-extension", "com.apple.product-type.application.watchapp":
            return .watchApp
        case "com.apple.product-type.application.on-demand-install-capable":
            return .appClip
        case "com.apple.product-type.app-extension", "com.apple.product-type.extensionkit-extension":
            switch extensionPoint {
            case "com.apple.usernotifications.service": return .notificationServiceExtension
            case "com.apple.usernotifications.content-extension": return .notificationContentExtension
            case "com.apple.widgetkit-extension": return .widgetExtension
            case nil:
                // No Info.plist read: the target's name is what is left to go by (Xcode's templates name them so).
                if name.lowercased().contains("notificationservice") { return .notificationServiceExtension }
                if name.lowercased().contains("notificationcontent") { return .notificationContentExtension }
                if name.lowercased().contains("widget") { return .widgetExtension }
                return .other
            default: return .other
            }
        default:
            return .other
        }
    }

    private static func absolute(_ path: String, settings: BuildSettings) -> String {
        if path.hasPrefix("/") { return path }
        return (settings.value(of: "SRCROOT")?.value ?? ".") + "/" + path
    }

    private static func location(of place: BuildSettings.Layer.Place?, places: Places) -> ExternalLocation {
        guard let place else { return places.location("") }
        switch place.source {
        case .file(let path, let source): return places.location(path, offset: place.offset, in: source)
        }
    }
}

/// A property list file (an Info.plist, an entitlements file).
struct InfoPlist {
    let path: String?
    let values: [String: PropertyListValue]
    /// The file's bytes, to find where a key is written.
    let text: [UInt8]?
    var isRead: Bool { text != nil }

    init(path: String?, values: [String: PropertyListValue], text: [UInt8]?) {
        self.path = path
        self.values = values
        self.text = text
    }

    init(path: String) {
        self.path = path
        guard let bytes = readFile(path), let values = Self.dictionary(in: bytes) else {
            self.values = [:]
            text = nil
            return
        }
        self.values = values
        text = bytes
    }

    /// The dictionary at the top of a property list: XML (UTF-8, or UTF-16 with its byte order mark), or the old
    /// style (all values strings). A binary property list (`bplist00`, which Xcode does not write into a source tree)
    /// is not read: nil, as for a file that is not a property list, so the file counts as unreadable.
    static func dictionary(in bytes: [UInt8]) -> [String: PropertyListValue]? {
        let text = utf8Text(bytes)
        let first = text.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }
        if first == UInt8(ascii: "<") { return XMLPlistReader.read(SourceText(bytes: text)).value?.dictionary }
        guard !text.starts(with: Array("bplist".utf8)), let document = OpenStepPlistReader.read(SourceText(bytes: text)).document else { return nil }
        return value(of: document).dictionary
    }

    private static func value(of node: DocumentNode) -> PropertyListValue {
        if let members = node.members {
            var dictionary: [String: PropertyListValue] = [:]
            for member in members { dictionary[member.key] = value(of: member.value) }
            return .dictionary(dictionary)
        }
        if let elements = node.elements { return .array(elements.map(value(of:))) }
        return .string(node.string ?? "")
    }
}
