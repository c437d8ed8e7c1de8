import APNSLint
@testable import APNSLintApp
import APNSLintTestSupport
import Foundation
import Testing

/// The app read from its project: the fixture apps under Examples/app, and the readers it is made of.
@Suite("App: reading the app that receives the notifications")
struct AppReaderTests {
    static let examples = packageRoot.appendingPathComponent("Examples/app").path

    static let courier = Result { try AppReader.read(examples + "/Courier", base: packageRoot.path) }

    @Test func theXcodeProjectsTargetsAreReadWithTheirKindsAndBundleIdentifiers() throws {
        let app = try Self.courier.get()
        #expect(app.project.path == "Examples/app/Courier/Courier.xcodeproj")
        #expect(app.targets.map(\.name) == ["Courier", "CourierNotificationService", "CourierWidgets"])
        #expect(app.targets.map(\.kind) == [.app, .notificationServiceExtension, .widgetExtension])
        // $(COURIER_BUNDLE_ID) comes from the project's .xcconfig; Debug adds a suffix.
        #expect(app.targets[0].bundleIdentifiers.map(\.value) == ["com.example.courier.debug", "com.example.courier"])
        let release = try #require(app.targets[0].bundleIdentifiers.last)
        #expect("\(release.location)" == "Examples/app/Courier/Courier.xcodeproj/project.pbxproj:179:33")
        #expect(app.targets[1].bundleIdentifiers.map(\.value) == ["com.example.courier.debug.NotificationService", "com.example.courier.NotificationService"])
    }

    @Test func theInfoPlistAndEntitlementsAreReadWithTheirPlaces() throws {
        let app = try #require(try Self.courier.get().app)
        #expect(app.backgroundModes?.value == ["remote-notification"])
        #expect("\(app.backgroundModes!.location)" == "Examples/app/Courier/Courier/Info.plist:5:2")
        // A generated Info.plist's key, from the build setting.
        #expect(app.supportsLiveActivities?.value == true)
        #expect(app.entitlements?[Entitlements.apsEnvironment]?.value == "development")
        #expect(app.entitlements?.isOn(Entitlements.timeSensitive) == true)
        #expect(app.entitlements?.isOn(Entitlements.criticalAlerts) == false)
    }

    @Test func stringsInEveryLanguageAndEncodingAreRead() throws {
        let strings = try Self.courier.get().strings
        #expect(strings.languages == ["de", "en"])
        // The German table is UTF-16 with a byte order mark.
        let shipped = try #require(strings.entries["ORDER_SHIPPED"])
        #expect(shipped.map(\.language).sorted() == ["de", "en"])
        #expect(shipped.first { $0.language == "de" }?.text == "Deine Bestellung %@ ist unterwegs")
        #expect(strings.entries["ORDER_DELAYED"]?.map(\.argumentCount) == [2, 2])
        // A .stringsdict variable is one argument.
        #expect(strings.entries["ITEMS_LEFT"]?.first?.argumentCount == 2)
        #expect(strings.entries["ORDER_TITLE"]?.first { $0.language == "en" }.map { "\($0.location)" } == "Examples/app/Courier/Courier/en.lproj/Localizable.strings:2:1")
    }

    @Test func soundsAndCategoriesAreRead() throws {
        let app = try Self.courier.get()
        #expect(app.sounds.keys.sorted() == ["chime.caf", "ding.mp3", "siren.wav"])
        #expect(app.sounds["chime.caf"]?.seconds == 0.5)
        #expect(app.sounds["siren.wav"]?.seconds == 31)
        #expect(app.sounds["ding.mp3"]?.format == .other)
        #expect(app.categories.keys.sorted() == ["ORDER_UPDATE"])
        #expect(app.categoriesAreAllLiteral)
        // The widget's Live Activity, from its Swift: the note of a content-state finding points at the type.
        #expect(app.activityTypes.map { "\($0.location)" } == ["Examples/app/Courier/CourierWidgets/DeliveryAttributes.swift:5:8"])
        let delivery = try #require(app.activityTypes.first?.value)
        #expect(delivery.name == "DeliveryAttributes")
        #expect(delivery.attributes == .object(ObjectShape(typeName: "DeliveryAttributes", fields: [.init(key: "orderNumber", propertyName: "orderNumber", shape: .string)])))
        let stage = CodableShape.enumeration(EnumerationShape(typeName: "DeliveryAttributes.ContentState.Stage", rawValues: .strings(["preparing", "on-the-way", "delivered"])))
        #expect(delivery.contentState == .object(ObjectShape(typeName: "DeliveryAttributes.ContentState", fields: [
            .init(key: "stage", propertyName: "stage", shape: stage),
            .init(key: "eta", propertyName: "etaMinutes", shape: .integer(.int)),
            .init(key: "driver", propertyName: "driverName", shape: .optional(.string)),
            .init(key: "arrives-at", propertyName: "arrivesAt", shape: .date(.secondsSinceReferenceDate)),
        ])))
    }

    /// Found on real apps: a registration spread over lines, one whose identifier is a constant, a Settings bundle's
    /// tables, an XcodeGen spec whose targets are in an included file, entitlements given only by path, and a build
    /// that may change the signed entitlements.
    @Test func appsAreReadAsRealProjectsWriteThem() throws {
        let root = try workspace([
            "project.yml": "name: Real\ninclude:\n  - path: targets.yml\noptions: {bundleIdPrefix: com.example}\n",
            "targets.yml": """
                targets:
                  Real:
                    type: application
                    platform: iOS
                    entitlements: {path: Real/Real.entitlements}
                """,
            "Real/Real.entitlements": """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict><key>aps-environment</key><string>production</string></dict></plist>
                """,
            "Real/Categories.swift": """
                import UserNotifications
                // UNNotificationCategory(identifier: "COMMENTED_OUT", actions: [], intentIdentifiers: [])
                let reply = UNNotificationCategory(
                    identifier: "REPLY",
                    actions: [], intentIdentifiers: [], options: [])
                let text = "UNNotificationCategory(identifier: \\"IN_A_STRING\\""
                func dynamic(_ name: String) -> UNNotificationCategory {
                    UNNotificationCategory(identifier: name.uppercased(), actions: [], intentIdentifiers: [])
                }
                """,
            "Real/Legacy.m": #"UNNotificationCategory *c = [UNNotificationCategory categoryWithIdentifier:@"LEGACY" actions:@[] intentIdentifiers:@[] options:0];"#,
            "Real/en.lproj/Localizable.strings": #""Notification" = "Notification";"#,
            "Real/Settings.bundle/fr.lproj/Root.strings": #""Title" = "Titre";"#,
            "Real/en.lproj/InfoPlist.strings": #""CFBundleName" = "Real";"#,
        ])
        let app = try AppReader.read(root.path, base: root.path)
        #expect(app.targets.map(\.name) == ["Real"])
        #expect(app.targets.first?.bundleIdentifiers.map(\.value) == ["com.example.Real"])
        #expect(app.targets.first?.entitlements?[Entitlements.apsEnvironment].map { "\($0.value) at \($0.location)" } == "production at Real/Real.entitlements:2:28")
        #expect(app.categories.mapValues { "\($0)" } == ["REPLY": "Real/Categories.swift:4:18", "LEGACY": "Real/Legacy.m:1:78"])
        #expect(!app.categoriesAreAllLiteral)
        #expect(app.strings.entries.keys.sorted() == ["Notification"])
        #expect(app.strings.languages == ["en"])
        #expect(app.activityTypes.isEmpty)
    }

    /// `CODE_SIGN_ALLOW_ENTITLEMENTS_MODIFICATION = YES` lets a build script sign in keys the file lacks: a missing
    /// critical-alerts entitlement is then a warning that says so, not an error.
    @Test func aBuildThatMayChangeTheEntitlementsMakesAMissingOneLikelyNotCertain() throws {
        let payload = SourceText(bytes: Array(#"{"aps": {"alert": "Low glucose", "interruption-level": "critical"}}"#.utf8))
        func finding(_ app: AppContext) -> String {
            var settings = Settings()
            settings.app = .read(app, from: "test")
            let report = Linter(configuration: Configuration(settings: settings)).lint(payload, fileName: "alert.json", format: .json)
            return report.diagnostics.filter { $0.ruleID == "app-entitlement-missing" }
                .map { "\($0.severity.rawValue): \($0.message) | \($0.notes.map(\.message).joined(separator: "; "))" }.joined(separator: "\n")
        }
        let courier = try Self.courier.get()
        #expect(courier.targets.allSatisfy { $0.entitlements?.modifiedByBuild == nil })
        #expect(finding(courier) == "error: this is a critical alert, but Courier's entitlements have no com.apple.developer.usernotifications.critical-alerts: the device delivers it as an ordinary notification, silenced by mute and Focus | Courier's entitlements")

        let copy = try workspace([String: String]()).appendingPathComponent("Courier")
        try FileManager.default.copyItem(atPath: Self.examples + "/Courier", toPath: copy.path)
        let xcconfig = copy.appendingPathComponent("Config/Courier.xcconfig")
        try (try String(contentsOf: xcconfig, encoding: .utf8) + "CODE_SIGN_ALLOW_ENTITLEMENTS_MODIFICATION = YES\n").write(to: xcconfig, atomically: true, encoding: .utf8)
        let modified = try AppReader.read(copy.path, base: copy.deletingLastPathComponent().path)
        let place = modified.targets.first { $0.name == "Courier" }?.entitlements?.modifiedByBuild
        #expect(place.map(String.init(describing:)) == "Courier/Config/Courier.xcconfig:3:44")
        #expect(finding(modified) == "warning: this is a critical alert, but Courier's entitlements have no com.apple.developer.usernotifications.critical-alerts: the device delivers it as an ordinary notification, silenced by mute and Focus (unless a build step adds it: the project lets its build change the signed entitlements) | Courier's entitlements; CODE_SIGN_ALLOW_ENTITLEMENTS_MODIFICATION lets the build change them")
    }

    @Test func anXcodeGenSpecIsReadAsAFallback() throws {
        let app = try AppReader.read(Self.examples + "/Plain", base: packageRoot.path)
        #expect(app.project.path == "Examples/app/Plain/project.yml")
        #expect(app.targets.map(\.name) == ["Plain"])
        // options.bundleIdPrefix and the target's name, as XcodeGen makes it.
        #expect(app.targets[0].bundleIdentifiers.map(\.value) == ["com.example.Plain"])
        #expect(app.targets[0].backgroundModes?.value == [])
        #expect(!app.hasNotificationServiceExtension)
        // Its strings are a string catalog: each language's value, with its arguments.
        let outside = try #require(app.strings.entries["DRIVER_OUTSIDE"])
        #expect(outside.map { "\($0.language): \($0.text) (\($0.argumentCount)) at \($0.location)" }.sorted() == [
            "de: %@ wartet vor der Tür (1) at Examples/app/Plain/Plain/Localizable.xcstrings:4:5",
            "en: %@ is outside (1) at Examples/app/Plain/Plain/Localizable.xcstrings:4:5",
        ])
    }

    @Test func aTargetOrProjectThatIsNotThereIsAClearError() throws {
        #expect(throws: AppReader.Failure.self) { try AppReader.read(Self.examples + "/Nowhere", base: packageRoot.path) }
        do {
            _ = try AppReader.read(Self.examples + "/Courier", targets: ["Courier", "Curier"], base: packageRoot.path)
            Issue.record("an unknown target was accepted")
        } catch {
            #expect("\(error)" == #"Examples/app/Courier/Courier.xcodeproj has no target "Curier" (its targets: Courier, CourierNotificationService, CourierWidgets)"#)
        }
        // A file that is no project, and a project that is not a property list, say so (the second with its place).
        let plist = Self.examples + "/Courier/Courier/Info.plist"
        #expect(throws: AppReader.Failure(description: "\(plist) is not an app's project: give an .xcodeproj, an XcodeGen project.yml, a Package.swift, or a folder holding one")) {
            try AppReader.read(plist, base: packageRoot.path)
        }
        let broken = try workspace(["Broken.xcodeproj/project.pbxproj": "// !$*UTF8*$!\n{ objects = \n"])
        do {
            _ = try AppReader.read(broken.appendingPathComponent("Broken.xcodeproj").path, base: broken.path)
            Issue.record("a broken project was read")
        } catch {
            #expect("\(error)" == "Broken.xcodeproj/project.pbxproj:3:1: not a property list: the property list ends where a value was expected")
        }
        let picked = try AppReader.read(Self.examples + "/Courier", targets: ["Courier"], base: packageRoot.path)
        #expect(picked.targets.map(\.name) == ["Courier"])
    }

    @Test func aRepositorysProjectsAreFoundNearestFirst() {
        #expect(AppReader.discover(in: Self.examples).map { $0.replacingOccurrences(of: Self.examples + "/", with: "") } == ["Courier/Courier.xcodeproj"])
        #expect(AppReader.discover(in: Self.examples + "/Plain").isEmpty)
    }

    @Test func buildSettingsExpandReferencesModifiersAndInherited() throws {
        let directory = try workspace([
            "base.xcconfig": "ROOT = com.example\n#include \"more.xcconfig\"\nFLAGS = -a\n",
            "more.xcconfig": "SUFFIX = app // a comment\nOTHER[sdk=iphonesimulator*] = sim\n",
        ])
        var target = BuildSettings.Layer()
        let place = BuildSettings.Layer.Place(source: .file("x", SourceText("")), offset: 0)
        target.set("PRODUCT_BUNDLE_IDENTIFIER", "$(ROOT).$(PRODUCT_NAME:rfc1034identifier).${SUFFIX}", condition: nil, at: place)
        target.set("FLAGS", "$(inherited) -b", condition: nil, at: place)
        target.set("UNRESOLVED", "$(ROOT).$(NOT_SET)", condition: nil, at: place)
        let settings = BuildSettings(layers: [BuildSettings.Layer(xcconfig: directory.appendingPathComponent("base.xcconfig").path), target],
                                     builtIn: ["TARGET_NAME": "My App", "PRODUCT_NAME": "$(TARGET_NAME)"])
        #expect(settings.value(of: "PRODUCT_BUNDLE_IDENTIFIER")?.value == "com.example.My-App.app")
        #expect(settings.value(of: "FLAGS")?.value == "-a -b")
        #expect(settings.value(of: "OTHER")?.value == "sim")
        #expect(settings.value(of: "UNRESOLVED")?.value == "com.example.$(NOT_SET)")
        #expect(BundleIdentifier.matches("com.example.widgets", "com.example.$(NOT_SET)"))
        #expect(!BundleIdentifier.matches("org.example.widgets", "com.example.$(NOT_SET)"))
        #expect(BundleIdentifier.matches("com.example.a.b", "com.$(X).a.${Y}"))
    }

    @Test func formatSpecifiersCountTheArgumentsAStringUses() {
        #expect(FormatSpecifiers.argumentCount(of: "Hello") == 0)
        #expect(FormatSpecifiers.argumentCount(of: "100%% sure, %@") == 1)
        #expect(FormatSpecifiers.argumentCount(of: "%@ and %d and %.2f and %ld") == 4)
        #expect(FormatSpecifiers.argumentCount(of: "%2$@ before %1$@") == 2)
        #expect(FormatSpecifiers.argumentCount(of: "%#@items@ in %@") == 2)
    }

    @Test func audioHeadersGiveTheLength() throws {
        // A WAV of 2 seconds at 8,000 bytes a second; an AIFF of 44,100 frames at 22,050 Hz (80-bit rate).
        var wave = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WAVEfmt ".utf8) + [16, 0, 0, 0, 1, 0, 1, 0, 0x40, 0x1F, 0, 0, 0x40, 0x1F, 0, 0, 1, 0, 8, 0]
        wave += Array("data".utf8) + [0x80, 0x3E, 0, 0]
        #expect(AudioDuration.seconds(of: wave) == 2)
        let rate: [UInt8] = [0x40, 0x0D, 0xAC, 0x44, 0, 0, 0, 0, 0, 0]
        let aiff = Array("FORM".utf8) + [0, 0, 0, 0] + Array("AIFFCOMM".utf8) + [0, 0, 0, 18, 0, 1, 0, 0, 0xAC, 0x44, 0, 16] + rate
        #expect(AudioDuration.seconds(of: aiff) == 2)
        #expect(AudioDuration.seconds(of: Array("not audio".utf8)) == nil)
        #expect(AudioDuration.seconds(of: Array("RIFF".utf8)) == nil)
    }
}

@Suite("Syntax: OpenStep property lists (project.pbxproj, .strings)")
struct OpenStepPlistReaderTests {
    @Test func valuesKeepTheirPlacesAndEscapes() throws {
        let text = "// !$*UTF8*$!\n{\n\tname = \"My \\\"App\\\"\\n\"; /* a comment */\n\tlist = (a, \"b c\", );\n\tdata = <0fA1 22>;\n}\n"
        let read = OpenStepPlistReader.read(SourceText(text))
        #expect(read.problems.isEmpty)
        let members = try #require(read.document?.members)
        #expect(members.map(\.key) == ["name", "list", "data"])
        #expect(members[0].value.string == "My \"App\"\n")
        #expect(SourceText(text).position(of: members[0].value.range.start).description == "3:9")
        #expect(members[1].value.elements?.compactMap(\.string) == ["a", "b c"])
        #expect(members[2].value.string == "0fA122")
    }

    @Test func aStringsFileIsADictionaryWithoutBraces() throws {
        let read = OpenStepPlistReader.read(SourceText("\"A\" = \"x %@\";\n\"ALONE\";\n"), isStringsFile: true)
        let members = try #require(read.document?.members)
        #expect(members.map { "\($0.key)=\($0.value.string ?? "")" } == ["A=x %@", "ALONE=ALONE"])
    }

    @Test("mistakes are errors at their place", arguments: [
        ("{ a = b }", "expected \";\" after the value of \"a\"", 8),
        ("{ a b; }", "expected \"=\" after the key \"a\"", 4),
        ("{ a = \"open; }", "a string is not closed", 6),
        ("( a b )", "expected \",\" or \")\" in an array", 4),
        ("{ a = b; } extra", "unexpected text after the property list", 11),
    ])
    func mistakes(_ text: String, _ message: String, _ offset: Int) {
        let read = OpenStepPlistReader.read(SourceText(text))
        #expect(read.document == nil)
        #expect(read.problems.map(\.message) == [message])
        #expect(read.problems.first?.range.start == offset)
    }

    @Test func deepNestingIsRefusedNotACrash() {
        let text = String(repeating: "(", count: 100_000)
        let read = OpenStepPlistReader.read(SourceText(text))
        #expect(read.problems.first?.message == "the property list nests deeper than 256 levels")
    }
}
