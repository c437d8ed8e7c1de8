import APNSLintModel
import APNSLintSyntax
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An XcodeGen `project.yml` (yonaskolb.github.io/XcodeGen/Docs/ProjectSpec.html): its targets' `type`, their
/// `PRODUCT_BUNDLE_IDENTIFIER` (in `settings`, `settings.base` or a configuration's settings; else the project's
/// `options.bundleIdPrefix` and the target's name, as XcodeGen makes it), `info` and `entitlements` (their `path`,
/// and the `properties` XcodeGen writes into them), across the files `include:` brings in.
enum XcodeGenProject {
    /// One spec file: the project.yml or a file it includes.
    private struct Spec {
        let path: String
        let source: SourceText
        let top: [Member]
    }

    /// A key of a target's definition, with the spec file that writes it.
    private struct Field {
        let member: Member
        let spec: Spec
    }

    /// How deep `include:` may chain; a loop is cut where it closes.
    static let includeDepthLimit = 16

    static func targets(in path: String, places: Places) -> [AppTarget] {
        let specs = specs(from: path)
        // XcodeGen merges the included specs under the including one: a later file's keys win.
        let prefix = specs.lazy.reversed().compactMap { last("bundleIdPrefix", in: last("options", in: $0.top)?.value.members)?.value.string }.first
        var definitions: [(name: String, fields: [Field])] = []
        for spec in specs {
            for target in last("targets", in: spec.top)?.value.members ?? [] {
                let fields = (target.value.members ?? []).map { Field(member: $0, spec: spec) }
                if let existing = definitions.firstIndex(where: { $0.name == target.key }) {
                    definitions[existing].fields += fields
                } else {
                    definitions.append((target.key, fields))
                }
            }
        }
        return definitions.map { target(named: $0.name, fields: $0.fields, prefix: prefix, places: places) }.sorted { $0.name < $1.name }
    }

    /// The last member named `key`: YAML keeps duplicates, and the last one is what XcodeGen reads.
    private static func last(_ key: String, in members: [Member]?) -> Member? { members?.last { $0.key == key } }

    /// The spec at `path` and the specs it includes, included ones first, each file once.
    private static func specs(from path: String) -> [Spec] {
        var specs: [Spec] = []
        var seen: Set<String> = []
        func visit(_ path: String, depth: Int) {
            let standardized = PathText.standardize(path)
            guard depth <= includeDepthLimit, seen.insert(standardized).inserted, let bytes = readFile(standardized) else { return }
            let source = SourceText(bytes: bytes)
            guard let top = YAMLReader.read(source).documents.first?.members else { return }
            let folder = PathText.directory(of: standardized)
            let include = top.last { $0.key == "include" }?.value
            let entries = include?.elements ?? include.map({ [$0] }) ?? []
            for entry in entries {
                // `include: [a.yml]`, `include: a.yml` or `include: [{path: a.yml, relativePaths: false}]`.
                guard let included = entry.string ?? entry.members?.last(where: { $0.key == "path" })?.value.string else { continue }
                visit(included.hasPrefix("/") ? included : folder + "/" + included, depth: depth + 1)
            }
            specs.append(Spec(path: standardized, source: source, top: top))
        }
        visit(path, depth: 0)
        return specs
    }

    private static func target(named name: String, fields: [Field], prefix: String?, places: Places) -> AppTarget {
        func field(_ key: String) -> Field? { fields.last { $0.member.key == key } }
        func located(_ node: DocumentNode, in spec: Spec) -> ExternalLocation { places.location(spec.path, offset: node.range.start, in: spec.source) }
        let type = field("type")?.member.value.string ?? ""
        var identifiers: [Located<String>] = []
        if let settingsField = field("settings") {
            let settings = settingsField.member.value.members
            let settingLists = [settings, last("base", in: settings)?.value.members]
                + (last("configs", in: settings)?.value.members ?? []).map { $0.value.members }
            for members in settingLists {
                if let value = last("PRODUCT_BUNDLE_IDENTIFIER", in: members)?.value, let text = value.string,
                   !identifiers.contains(where: { $0.value == text }) {
                    identifiers.append(Located(text, at: located(value, in: settingsField.spec)))
                }
            }
        }
        if identifiers.isEmpty, let prefix, let first = fields.first {
            identifiers.append(Located(prefix + "." + name, at: located(first.member.value, in: first.spec)))
        }
        let infoField = field("info")
        let infoProperties = last("properties", in: infoField?.member.value.members)?.value.members ?? []
        var plist = InfoPlist(path: nil, values: [:], text: nil)
        if let infoField, let infoPath = last("path", in: infoField.member.value.members)?.value.string {
            plist = InfoPlist(path: PathText.directory(of: infoField.spec.path) + "/" + infoPath)
        }
        var backgroundModes: Located<[String]>?
        if let infoField, let modes = last("UIBackgroundModes", in: infoProperties) {
            backgroundModes = Located((modes.value.elements ?? []).compactMap(\.string), at: located(modes.value, in: infoField.spec))
        } else if let path = plist.path, plist.isRead {
            backgroundModes = Located(plist.values["UIBackgroundModes"]?.strings ?? [],
                                      at: places.location(ofKey: "UIBackgroundModes", in: path, text: plist.text))
        } else if let infoField {
            // XcodeGen writes the Info.plist from these properties: none names a background mode.
            backgroundModes = Located([], at: located(infoField.member.value, in: infoField.spec))
        }
        var entitlements: Entitlements?
        if let entitlementsField = field("entitlements") {
            let members = entitlementsField.member.value.members
            if let properties = last("properties", in: members)?.value.members {
                entitlements = Entitlements(file: located(entitlementsField.member.value, in: entitlementsField.spec), values: Dictionary(properties.map { property in
                    (property.key, Located(property.value.string ?? property.value.bool.map { $0 ? "true" : "false" } ?? property.value.shortDescription,
                                           at: located(property.value, in: entitlementsField.spec)))
                }, uniquingKeysWith: { $1 }))
            } else if let path = last("path", in: members)?.value.string {
                // Only a path: the file as the project keeps it.
                entitlements = AppReader.entitlements(inFile: PathText.directory(of: entitlementsField.spec.path) + "/" + path, places: places)
            }
        }
        let extensionPoint = last("NSExtensionPointIdentifier", in: last("NSExtension", in: infoProperties)?.value.members)?.value.string
            ?? plist.values["NSExtension"]?.dictionary?["NSExtensionPointIdentifier"]?.string
        let productType = switch type {
        case "application": "com.apple.product-type.application"
        case "app-extension": "com.apple.product-type.app-extension"
        case "application.watchapp2", "application.watchapp2-container": "com.apple.product-type.application.watchapp2"
        case "application.on-demand-install-capable": "com.apple.product-type.application.on-demand-install-capable"
        default: type
        }
        var supportsLiveActivities: Located<Bool>?
        if let infoField, let flag = last("NSSupportsLiveActivities", in: infoProperties) {
            supportsLiveActivities = Located(flag.value.bool ?? (flag.value.string?.uppercased() == "YES"), at: located(flag.value, in: infoField.spec))
        } else if let flag = plist.values["NSSupportsLiveActivities"]?.bool, let path = plist.path {
            supportsLiveActivities = Located(flag, at: places.location(ofKey: "NSSupportsLiveActivities", in: path, text: plist.text))
        }
        // The Info.plist XcodeGen writes from `info`, shown at its place in the spec when the file is not there yet.
        let infoPlist = plist.isRead ? plist.path.map { places.location($0) } : infoField.map { located($0.member.value, in: $0.spec) }
        return AppTarget(name: name, kind: AppReader.kind(of: productType, name: name, extensionPoint: extensionPoint),
                         bundleIdentifiers: identifiers, backgroundModes: backgroundModes, infoPlist: infoPlist,
                         supportsLiveActivities: supportsLiveActivities, entitlements: entitlements)
    }
}
