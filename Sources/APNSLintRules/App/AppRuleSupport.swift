import APNSLintModel
import APNSLintSyntax

/// What the app-aware rules share: the app their examples are checked against, and the Apple pages they cite.
enum AppSamples {
    /// The app of the rules' examples, as `Examples/app/Courier` writes it (the command-line tests read that project for
    /// them, so the two must agree): an app `com.example.courier` with a
    /// Notification Service Extension and a widget extension; background modes `remote-notification`; entitlements
    /// `aps-environment` and Time Sensitive Notifications; `Localizable` strings in English and German
    /// (`ORDER_SHIPPED` = "Your order %@ has shipped", `ORDER_DELAYED` = "%1$@ is late by %2$@ minutes");
    /// sounds `chime.caf` (half a second), `siren.wav` (31 s) and `ding.mp3`; the category `ORDER_UPDATE`.
    static let courier: AppContext = {
        func at(_ path: String, _ line: Int = 1) -> ExternalLocation {
            ExternalLocation(path: "Examples/app/Courier/" + path, absolutePath: "/Examples/app/Courier/" + path, line: line, column: 1)
        }
        let entitlements = Entitlements(file: at("Courier/Courier.entitlements"), values: [
            Entitlements.apsEnvironment: Located("development", at: at("Courier/Courier.entitlements", 5)),
            Entitlements.timeSensitive: Located("true", at: at("Courier/Courier.entitlements", 7)),
        ])
        let app = AppTarget(
            name: "Courier", kind: .app, bundleIdentifiers: [Located("com.example.courier", at: at("Courier.xcodeproj/project.pbxproj", 310))],
            backgroundModes: Located(["remote-notification"], at: at("Courier/Info.plist", 5)), infoPlist: at("Courier/Info.plist"),
            supportsLiveActivities: Located(true, at: at("Courier/Info.plist", 9)), entitlements: entitlements)
        let service = AppTarget(
            name: "CourierNotificationService", kind: .notificationServiceExtension,
            bundleIdentifiers: [Located("com.example.courier.NotificationService", at: at("Courier.xcodeproj/project.pbxproj", 340))])
        let widgets = AppTarget(
            name: "CourierWidgets", kind: .widgetExtension,
            bundleIdentifiers: [Located("com.example.courier.CourierWidgets", at: at("Courier.xcodeproj/project.pbxproj", 370))])
        let strings = LocalizedStrings(entries: [
            "ORDER_SHIPPED": [
                LocalizedString(language: "de", text: "Deine Bestellung %@ ist unterwegs", argumentCount: 1, location: at("Courier/de.lproj/Localizable.strings", 2)),
                LocalizedString(language: "en", text: "Your order %@ has shipped", argumentCount: 1, location: at("Courier/en.lproj/Localizable.strings", 2)),
            ],
            "ORDER_DELAYED": [
                LocalizedString(language: "de", text: "%1$@ kommt %2$@ Minuten später", argumentCount: 2, location: at("Courier/de.lproj/Localizable.strings", 4)),
                LocalizedString(language: "en", text: "%1$@ is late by %2$@ minutes", argumentCount: 2, location: at("Courier/en.lproj/Localizable.strings", 4)),
            ],
            "ORDER_TITLE": [
                LocalizedString(language: "de", text: "Bestellung", argumentCount: 0, location: at("Courier/de.lproj/Localizable.strings", 1)),
                LocalizedString(language: "en", text: "Order", argumentCount: 0, location: at("Courier/en.lproj/Localizable.strings", 1)),
            ],
        ], languages: ["de", "en"])
        return AppContext(
            project: at("Courier.xcodeproj"), targets: [app, service, widgets], strings: strings,
            sounds: [
                "chime.caf": AppSound(location: at("Courier/Sounds/chime.caf"), format: .caf, seconds: 0.5),
                "siren.wav": AppSound(location: at("Courier/Sounds/siren.wav"), format: .wav, seconds: 31),
                "ding.mp3": AppSound(location: at("Courier/Sounds/ding.mp3"), format: .other, seconds: nil),
            ],
            categories: ["ORDER_UPDATE": at("Courier/AppDelegate.swift", 24)],
            activityTypes: [Located(delivery, at: at("CourierWidgets/DeliveryAttributes.swift", 5))])
    }()

    /// `Examples/app/Courier/CourierWidgets/DeliveryAttributes.swift`, as the reader makes it.
    static let delivery = ActivityAttributesType(
        name: "DeliveryAttributes", file: "Courier/CourierWidgets/DeliveryAttributes.swift", line: 5, column: 8,
        attributes: .object(ObjectShape(typeName: "DeliveryAttributes", fields: [ObjectShape.Field(key: "orderNumber", propertyName: "orderNumber", shape: .string)])),
        contentState: .object(ObjectShape(typeName: "DeliveryAttributes.ContentState", fields: [
            ObjectShape.Field(key: "stage", propertyName: "stage",
                              shape: .enumeration(EnumerationShape(typeName: "DeliveryAttributes.ContentState.Stage", rawValues: .strings(["preparing", "on-the-way", "delivered"])))),
            ObjectShape.Field(key: "eta", propertyName: "etaMinutes", shape: .integer(.int)),
            ObjectShape.Field(key: "driver", propertyName: "driverName", shape: .optional(.string)),
            ObjectShape.Field(key: "arrives-at", propertyName: "arrivesAt", shape: .date(.secondsSinceReferenceDate)),
        ])))

    /// A bare app, as `Examples/app/Plain/project.yml` (XcodeGen) writes it: one target, no background modes, no
    /// entitlements, no extension, no Live Activities.
    static let plain: AppContext = {
        let spec = ExternalLocation(path: "Examples/app/Plain/project.yml", absolutePath: "/Examples/app/Plain/project.yml", line: 8, column: 3)
        return AppContext(project: spec, targets: [AppTarget(name: "Plain", kind: .app, bundleIdentifiers: [Located("com.example.Plain", at: spec)],
                                                             backgroundModes: Located([], at: spec), infoPlist: spec)])
    }()

    /// `Examples/app/Shipped/project.yml` (XcodeGen): an app whose entitlements say `aps-environment: production`,
    /// signed only for distribution.
    static let shipped: AppContext = {
        let project = ExternalLocation(path: "Examples/app/Shipped/project.yml", absolutePath: "/Examples/app/Shipped/project.yml", line: 6, column: 3)
        let file = ExternalLocation(path: project.path, absolutePath: project.absolutePath, line: 15, column: 7)
        let entitlements = Entitlements(file: file, values: [
            Entitlements.apsEnvironment: Located("production", at: ExternalLocation(path: project.path, absolutePath: project.absolutePath, line: 16, column: 37)),
        ])
        return AppContext(project: project, targets: [AppTarget(name: "Shipped", kind: .app, bundleIdentifiers: [Located("com.example.shipped", at: project)],
                                                                backgroundModes: Located([], at: project), infoPlist: project, entitlements: entitlements)])
    }()

    static let courierOptions = RuleOptions(app: courier)
    static let shippedOptions = RuleOptions(app: shipped)
    static let plainOptions = RuleOptions(app: plain)
}

extension Reference {
    static let pushBackgroundUpdates = "https://developer.apple.com/documentation/usernotifications/pushing-background-updates-to-your-app"
    static let notificationSound = "https://developer.apple.com/documentation/usernotifications/unnotificationsound"
    static let apsEnvironment = "https://developer.apple.com/documentation/bundleresources/entitlements/aps-environment"
    static let timeSensitiveEntitlement = "https://developer.apple.com/documentation/bundleresources/entitlements/com.apple.developer.usernotifications.time-sensitive"
    static let pushToTalkEntitlement = "https://developer.apple.com/documentation/bundleresources/entitlements/com.apple.developer.push-to-talk"
    static let locationPushEntitlement = "https://developer.apple.com/documentation/bundleresources/entitlements/com.apple.developer.location.push"
    static let declaringActionableTypes = "https://developer.apple.com/documentation/usernotifications/declaring-your-actionable-notification-types"
    static let localizingNotifications = "https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification#Localize-your-alert-messages"
    static let pushKitVoIP = "https://developer.apple.com/documentation/pushkit/responding-to-voip-notifications-from-pushkit"
    static let activityKitUpdates = "https://developer.apple.com/documentation/activitykit/starting-and-updating-live-activities-with-activitykit-push-notifications"
    static let supportsLiveActivities = "https://developer.apple.com/documentation/bundleresources/information-property-list/nssupportsliveactivities"
}

extension RuleContext {
    /// The app, when one is known: every app-aware rule starts here and is silent without it.
    var app: AppContext? { options.app }
}
