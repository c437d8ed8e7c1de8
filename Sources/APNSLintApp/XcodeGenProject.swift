import APNSLintModel
import APNSLintSyntax
import Foundation

/// An XcodeGen `project.yml` (yonaskolb.github.io/XcodeGen/Docs/ProjectSpec.html): its targets' `type`, their
/// `PRODUCT_BUNDLE_IDENTIFIER` (in `settings`, `settings.base` or a configuration's settings; else the project's
/// `options.bundleIdPrefix` and the target's name, as XcodeGen makes it), `info` and `entitlements` (their `path`,
/// and the `properties` XcodeGen writes into them).
enum XcodeGenProject {
    static func targets(in path: String, places: Places) -> [AppTarget] {
        guard let bytes = readFile(path) else { return [] }
        let source = SourceText(bytes: bytes)
        guard let document = YAMLReader.read(source).documents.first, let top = document.members else { return [] }
        func last(_ key: String, in members: [Member]?) -> Member? { members?.last { $0.key == key } }
        func located(_ node: DocumentNode) -> ExternalLocation { places.location(path, offset: node.range.start, in: source) }
        let root = (path as NSString).deletingLastPathComponent
        let prefix = last("bundleIdPrefix", in: last("options", in: top)?.value.members)?.value.string
        var targets: [AppTarget] = []
        for target in last("targets", in: top)?.value.members ?? [] {
            let fields = target.value.members ?? []
            let type = last("type", in: fields)?.value.string ?? ""
            let settings = last("settings", in: fields)?.value.members
            var identifiers: [Located<String>] = []
            let settingLists = [settings, last("base", in: settings)?.value.members]
                + (last("configs", in: settings)?.value.members ?? []).map { $0.value.members }
            for members in settingLists {
                if let value = last("PRODUCT_BUNDLE_IDENTIFIER", in: members)?.value, let text = value.string,
                   !identifiers.contains(where: { $0.value == text }) {
                    identifiers.append(Located(text, at: located(value)))
                }
            }
            if identifiers.isEmpty, let prefix {
                identifiers.append(Located(prefix + "." + target.key, at: located(target.value)))
            }
            let info = last("info", in: fields)?.value.members
            let infoProperties = last("properties", in: info)?.value.members ?? []
            var plist = InfoPlist(path: nil, values: [:], text: nil)
            if let infoPath = last("path", in: info)?.value.string { plist = InfoPlist(path: root + "/" + infoPath) }
            var backgroundModes: Located<[String]>?
            if let modes = last("UIBackgroundModes", in: infoProperties) {
                backgroundModes = Located((modes.value.elements ?? []).compactMap(\.string), at: located(modes.value))
            } else if let path = plist.path, plist.isRead {
                backgroundModes = Located((plist.values["UIBackgroundModes"] as? [String]) ?? [],
                                          at: places.location(ofKey: "UIBackgroundModes", in: path, text: plist.text))
            } else if let info = last("info", in: fields) {
                // XcodeGen writes the Info.plist from these properties: none names a background mode.
                backgroundModes = Located([], at: located(info.value))
            }
            let entitlementProperties = last("properties", in: last("entitlements", in: fields)?.value.members)?.value.members
            let entitlements = entitlementProperties.map { properties in
                Entitlements(file: located(last("entitlements", in: fields)!.value), values: Dictionary(properties.map { property in
                    (property.key, Located(property.value.string ?? property.value.bool.map { $0 ? "true" : "false" } ?? property.value.shortDescription,
                                           at: located(property.value)))
                }, uniquingKeysWith: { $1 }))
            }
            let extensionPoint = last("NSExtensionPointIdentifier", in: last("NSExtension", in: infoProperties)?.value.members)?.value.string
                ?? (plist.values["NSExtension"] as? [String: Any])?["NSExtensionPointIdentifier"] as? String
            let productType = switch type {
            case "application": "com.apple.product-type.application"
            case "app-extension": "com.apple.product-type.app-extension"
            case "application.watchapp2", "application.watchapp2-container": "com.apple.product-type.application.watchapp2"
            case "application.on-demand-install-capable": "com.apple.product-type.application.on-demand-install-capable"
            default: type
            }
            var supportsLiveActivities: Located<Bool>?
            if let flag = last("NSSupportsLiveActivities", in: infoProperties) {
                supportsLiveActivities = Located(flag.value.bool ?? (flag.value.string?.uppercased() == "YES"), at: located(flag.value))
            } else if let flag = plist.values["NSSupportsLiveActivities"] as? Bool, let path = plist.path {
                supportsLiveActivities = Located(flag, at: places.location(ofKey: "NSSupportsLiveActivities", in: path, text: plist.text))
            }
            // The Info.plist XcodeGen writes from `info`, shown at its place in the spec when the file is not there yet.
            let infoPlist = plist.isRead ? plist.path.map { places.location($0) } : last("info", in: fields).map { located($0.value) }
            targets.append(AppTarget(name: target.key, kind: AppReader.kind(of: productType, name: target.key, extensionPoint: extensionPoint),
                                     bundleIdentifiers: identifiers, backgroundModes: backgroundModes, infoPlist: infoPlist,
                                     supportsLiveActivities: supportsLiveActivities, entitlements: entitlements))
        }
        return targets.sorted { $0.name < $1.name }
    }
}
