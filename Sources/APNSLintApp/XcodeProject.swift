import APNSLintSyntax
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An Xcode project's `project.pbxproj`: its targets and, for each build configuration, the build settings that say
/// what the app receives (`PRODUCT_BUNDLE_IDENTIFIER`, `INFOPLIST_FILE`, `CODE_SIGN_ENTITLEMENTS`, …), resolved through
/// the project's settings and `.xcconfig` files as Xcode layers them. Each setting keeps where it is written.
struct XcodeProject {
    struct Target {
        let name: String
        let productType: String
        /// Configuration name → its resolved settings.
        let configurations: [(name: String, settings: BuildSettings)]
    }

    /// The folder holding the `.xcodeproj` (`SRCROOT`).
    let sourceRoot: String
    let pbxprojPath: String
    let targets: [Target]

    enum Failure: Error, CustomStringConvertible {
        case unreadable(String)
        /// The file, where in it (`line:column`), and what is wrong there.
        case invalid(String, SourcePosition, SyntaxProblem)
        case notAProject(String)

        var description: String { description(showing: { $0 }) }

        /// The message, with paths shown by `display`.
        func description(showing display: (String) -> String) -> String {
            switch self {
            case .unreadable(let path): "\(display(path)) could not be read"
            case .invalid(let path, let position, let problem): "\(display(path)):\(position.line):\(position.column): not a property list: \(problem.message)"
            case .notAProject(let path): "\(display(path)) has no objects and rootObject, so it is not an Xcode project"
            }
        }
    }

    /// Reads `<name>.xcodeproj/project.pbxproj`.
    init(xcodeproj: String) throws {
        let path = xcodeproj + "/project.pbxproj"
        pbxprojPath = path
        sourceRoot = PathText.directory(of: xcodeproj)
        guard let bytes = readFile(path) else { throw Failure.unreadable(path) }
        let source = SourceText(bytes: bytes)
        let read = OpenStepPlistReader.read(source)
        guard let document = read.document else {
            let problem = read.problems.first!
            throw Failure.invalid(path, source.position(of: problem.range.start), problem)
        }
        guard let objects = document.members?.last(where: { $0.key == "objects" })?.value.members,
              let rootID = document.members?.last(where: { $0.key == "rootObject" })?.value.string else {
            throw Failure.notAProject(path)
        }
        var byID: [String: [Member]] = [:]
        for object in objects { byID[object.key] = object.value.members ?? [] }
        // Each object's group, for the paths of files (`filePath`): made once for every reference.
        var parents: [String: String] = [:]
        for (groupID, members) in byID {
            for child in members.last(where: { $0.key == "children" })?.value.elements ?? [] {
                if let childID = child.string { parents[childID] = groupID }
            }
        }
        func field(_ key: String, of members: [Member]) -> DocumentNode? { members.last { $0.key == key }?.value }

        let pbxproj = SettingSource.file(path, source)
        let root = byID[rootID] ?? []
        let sourceRoot = sourceRoot
        /// A configuration list's configurations: name → (settings as written, the .xcconfig it is based on).
        func configurations(of listID: String?) -> [(name: String, written: BuildSettings.Layer, xcconfig: String?)] {
            guard let listID, let list = byID[listID] else { return [] }
            return (field("buildConfigurations", of: list)?.elements ?? []).compactMap { reference in
                guard let id = reference.string, let configuration = byID[id] else { return nil }
                let name = field("name", of: configuration)?.string ?? id
                var layer = BuildSettings.Layer()
                for setting in field("buildSettings", of: configuration)?.members ?? [] {
                    let value = setting.value.string ?? (setting.value.elements?.compactMap(\.string).joined(separator: " ") ?? "")
                    layer.set(BuildSettings.key(of: setting.key), value, condition: BuildSettings.condition(of: setting.key),
                              at: .init(source: pbxproj, offset: setting.value.range.start))
                }
                let base = field("baseConfigurationReference", of: configuration)?.string.flatMap { Self.filePath(of: $0, in: byID, parents: parents, sourceRoot: sourceRoot) }
                return (name, layer, base)
            }
        }
        let projectConfigurations = configurations(of: field("buildConfigurationList", of: root)?.string)
        var targets: [Target] = []
        for reference in field("targets", of: root)?.elements ?? [] {
            guard let id = reference.string, let target = byID[id],
                  field("isa", of: target)?.string == "PBXNativeTarget" else { continue }
            let name = field("name", of: target)?.string ?? id
            let productType = field("productType", of: target)?.string ?? ""
            var resolved: [(String, BuildSettings)] = []
            for configuration in configurations(of: field("buildConfigurationList", of: target)?.string) {
                let project = projectConfigurations.first { $0.name == configuration.name }
                var layers: [BuildSettings.Layer] = []
                if let xcconfig = project?.xcconfig { layers.append(BuildSettings.Layer(xcconfig: xcconfig)) }
                if let project { layers.append(project.written) }
                if let xcconfig = configuration.xcconfig { layers.append(BuildSettings.Layer(xcconfig: xcconfig)) }
                layers.append(configuration.written)
                let builtIn: [String: String] = [
                    "TARGET_NAME": name, "PROJECT_NAME": PathText.stem(of: xcodeproj),
                    "SRCROOT": sourceRoot, "PROJECT_DIR": sourceRoot, "SOURCE_ROOT": sourceRoot, "CONFIGURATION": configuration.name,
                    "PRODUCT_NAME": "$(TARGET_NAME)",
                ]
                resolved.append((configuration.name, BuildSettings(layers: layers, builtIn: builtIn)))
            }
            targets.append(Target(name: name, productType: productType, configurations: resolved))
        }
        self.targets = targets
    }

    /// The path of the file a `PBXFileReference` names: from its own path, inside the groups that hold it.
    private static func filePath(of id: String, in objects: [String: [Member]], parents: [String: String], sourceRoot: String) -> String? {
        guard let reference = objects[id], let path = reference.last(where: { $0.key == "path" })?.value.string else { return nil }
        let tree = reference.last { $0.key == "sourceTree" }?.value.string ?? "<group>"
        if tree == "<absolute>" || path.hasPrefix("/") { return path }
        if tree != "<group>" { return sourceRoot + "/" + path }
        // A group's path is its parent's plus its own: the chain of groups holding the reference.
        var components = [path]
        var current = id
        var steps = 0
        while let parent = parents[current], steps < 64 {
            if let groupPath = objects[parent]?.last(where: { $0.key == "path" })?.value.string { components.insert(groupPath, at: 0) }
            current = parent
            steps += 1
        }
        return ([sourceRoot] + components).joined(separator: "/")
    }
}

/// Where a build setting's value is written.
enum SettingSource: Sendable {
    case file(String, SourceText)
}
