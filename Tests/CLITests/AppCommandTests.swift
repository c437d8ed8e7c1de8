import APNSLintTestSupport
import Foundation
import Testing

/// The app on the command line and in the configuration: findings that point into the app's files, in every format.
@Suite("check against the app: --app, app:, and the project found in the repository")
struct AppCommandTests {
    static let courier = packageRoot.appendingPathComponent("Examples/app/Courier").path
    static let payload = #"{"headers": {"apns-topic": "com.example.courier", "apns-push-type": "alert"}, "payload": {"aps": {"alert": "Hi", "sound": "siren.wav"}}}"#

    @Test func appNamesTheProjectAndTheFindingPointsIntoTheApp() throws {
        let directory = try workspace(["push.json": Self.payload])
        let text = try run(["check", "--isolated", "--app", Self.courier, "--color", "never", "push.json"], in: directory)
        #expect(text.status == 1)
        #expect(text.stdout.contains("push.json:1:114: error: the sound \"siren.wav\" is 31 seconds long"))
        #expect(text.stdout.contains("= note: siren.wav is here (\(Self.courier)/Courier/Sounds/siren.wav:1:1)"))

        let json = try run(["check", "--isolated", "--app", Self.courier, "--format", "json", "push.json"], in: directory)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let diagnostic = try #require((report["diagnostics"] as? [[String: Any]])?.first)
        #expect(diagnostic["rule"] as? String == "app-sound-unplayable")
        let note = try #require((diagnostic["notes"] as? [[String: Any]])?.first)
        let location = try #require(note["location"] as? [String: Any])
        #expect(location["file"] as? String == Self.courier + "/Courier/Sounds/siren.wav")
        #expect(location["line"] as? Int == 1)

        let sarif = try run(["check", "--isolated", "--app", Self.courier, "--format", "sarif", "push.json"], in: directory)
        #expect(sarif.stdout.contains("\"relatedLocations\""))
        #expect(sarif.stdout.contains("siren.wav is here"))
    }

    /// The environment a request goes to, from the definition, the configuration or the command line, against an
    /// app signed only for production.
    @Test func theEnvironmentIsCheckedAgainstTheAppsApsEnvironment() throws {
        let shipped = packageRoot.appendingPathComponent("Examples/app/Shipped").path
        let bare = #"{"headers": {"apns-topic": "com.example.shipped", "apns-push-type": "alert"}, "payload": {"aps": {"alert": "Hi"}}}"#
        let directory = try workspace([
            "bare.json": bare,
            "stated.json": #"{"environment": "production", "headers": {"apns-topic": "com.example.shipped", "apns-push-type": "alert"}, "payload": {"aps": {"alert": "Hi"}}}"#,
            "dev/.apns-lint.yml": "app: \(shipped)\nenvironment: development\n",
            "dev/bare.json": bare,
        ])
        let flagged = try run(["check", "--isolated", "--app", shipped, "--environment", "development", "--format", "concise", "bare.json", "stated.json"], in: directory)
        #expect(flagged.status == 0)
        #expect(flagged.stdout == "bare.json:1:14: warning: the request goes to APNs's development environment (api.sandbox.push.apple.com), but Shipped's entitlements say aps-environment production: every build of it is signed for production, so its device tokens are production tokens, and the development environment answers 400 BadDeviceToken (the environment given for every file: --environment, or environment: in the configuration) [app-environment-mismatch]\nFound 1 warning in 1 of 2 files.\n")
        let unsaid = try run(["check", "--isolated", "--app", shipped, "--format", "concise", "bare.json"], in: directory)
        #expect(unsaid.stdout == "No problems found in 1 file.\n")
        let configured = try run(["check", "--format", "concise", "dev/bare.json"], in: directory)
        #expect(configured.stdout.hasPrefix("dev/bare.json:1:14: warning: the request goes to APNs's development environment"))
        let config = try run(["config", "dev/bare.json"], in: directory)
        #expect(config.stdout.contains("\nenvironment: development\n"))
        let wrong = try run(["check", "--isolated", "--environment", "staging", "bare.json"], in: directory)
        #expect(wrong.status == 2)
    }

    @Test func withoutAnAppEveryAppAwareRuleIsSilent() throws {
        let directory = try workspace(["push.json": Self.payload])
        let result = try run(["check", "--isolated", "push.json"], in: directory)
        #expect(result.status == 0, "\(result.stdout)")
        let none = try run(["check", "--isolated", "--app", "none", "push.json"], in: directory)
        #expect(none.status == 0)
    }

    @Test func theConfigurationsAppIsReadRelativeToItAndItsMistakesPointAtTheKey() throws {
        let directory = try workspace([
            "push.json": Self.payload,
            ".apns-lint.yml": "app: \(Self.courier)\n",
        ])
        let found = try run(["check", "--format", "concise", "push.json"], in: directory)
        #expect(found.status == 1)
        #expect(found.stdout.contains("[app-sound-unplayable]"))

        let broken = try workspace(["push.json": Self.payload, ".apns-lint.yml": "rules: {}\napp: ./NoSuchApp\n"])
        let error = try run(["check", "push.json"], in: broken)
        #expect(error.status == 2)
        #expect(error.stderr.hasPrefix("apns-lint: error: .apns-lint.yml:2:6: app: "))
        #expect(error.stderr.contains("NoSuchApp: no such file or folder"))
    }

    @Test func aTargetNeedsItsProjectAndAnUnknownOneIsNamed() throws {
        let directory = try workspace(["push.json": Self.payload])
        let alone = try run(["check", "--isolated", "--app-target", "Courier", "push.json"], in: directory)
        #expect(alone.status == 2)
        #expect(alone.stderr.contains("--app-target needs --app"))
        let unknown = try run(["check", "--isolated", "--app", Self.courier, "--app-target", "Curier", "push.json"], in: directory)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains(#"has no target "Curier" (its targets: Courier, CourierNotificationService, CourierWidgets)"#))
    }

    @Test func theRepositorysProjectIsUsedWhenNothingNamesOne() throws {
        // A repository holding an app and a definition beside it, with no configuration.
        let repository = try workspace(["push.json": Self.payload, ".git/HEAD": "ref: refs/heads/main\n"])
        let copy = repository.appendingPathComponent("ios")
        try FileManager.default.copyItem(atPath: Self.courier, toPath: copy.path)
        let result = try run(["check", "--format", "concise", "push.json"], in: repository)
        #expect(result.status == 1)
        #expect(result.stdout.contains("[app-sound-unplayable]"))
        // Outside a repository nothing is looked for.
        try FileManager.default.removeItem(at: repository.appendingPathComponent(".git"))
        #expect(try run(["check", "push.json"], in: repository).status == 0)
    }
}
