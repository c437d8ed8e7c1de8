import APNSLint
import Foundation
import Testing

// Real payloads and requests gathered from public sources (Apple's documentation, sender libraries' READMEs and
// tests, push services' docs, bug reports where a push failed), each with its source and the verdict of the system
// that received it in RealWorld/manifest.jsonl. The verdicts are pinned: no error on a request that works (whatever
// the date: they are linted with the clock and with a date years ahead), and on one that fails, the rule that names
// its documented cause.

/// One line of RealWorld/manifest.jsonl.
private struct RealWorldCase: Decodable, CustomTestStringConvertible, Sendable {
    let file: String
    let source: String
    let origin: String
    /// "works": APNs accepts it and the device does what the author meant; "fails": it does not, as the source shows.
    let verdict: String
    /// For a failing case: the rules any one of which names the cause.
    let expect: [String]?
    let why: String
    let note: String?
    /// The fixture app (a folder of RealWorld/apps) the payload is checked against, for a case whose cause or success
    /// is on the app's side: a project that states only what the source says of the app.
    let app: String?

    var testDescription: String { file }
}

private let realWorld = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("RealWorld")

private let cases: [RealWorldCase] = {
    guard let text = try? String(contentsOf: realWorld.appendingPathComponent("manifest.jsonl"), encoding: .utf8) else { return [] }
    return text.split(separator: "\n").compactMap { try? JSONDecoder().decode(RealWorldCase.self, from: Data($0.utf8)) }
}()

/// Each fixture app the manifest names, read once, as `--app` reads it.
private let apps: [String: Result<AppContext, AppReader.Failure>] = {
    var read: [String: Result<AppContext, AppReader.Failure>] = [:]
    for name in Set(cases.compactMap(\.app)) {
        let path = realWorld.appendingPathComponent("apps/\(name)").path
        read[name] = Result { () throws(AppReader.Failure) in try AppReading.read([path]) }
    }
    return read
}()

private func report(_ entry: RealWorldCase, now: Int) throws -> FileReport {
    let bytes = try [UInt8](Data(contentsOf: realWorld.appendingPathComponent("cases/\(entry.file)")))
    var linter = Linter(options: RuleOptions(now: now))
    if let name = entry.app {
        // As the command line does with --app (CheckOptions.settings): the settings carry the app read from the project.
        var settings = Settings(now: now)
        settings.app = .read(try #require(apps[name]).get(), from: "RealWorld/apps/\(name)")
        linter = Linter(configuration: Configuration(settings: settings))
    }
    return linter.lint(SourceText(bytes: bytes), fileName: entry.file, format: try #require(InputFormat.detect(fileName: entry.file)))
}

private func describe(_ report: FileReport) -> String {
    report.diagnostics.map { "\($0.ruleID) \($0.severity.rawValue): \($0.message)" }.joined(separator: "\n")
}

@Suite("Real-world corpus: verdicts users can trust")
struct RealWorldCorpusTests {
    @Test("the manifest lists every case file once, with a source, an origin and a reason")
    func manifestIsComplete() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: realWorld.appendingPathComponent("cases").path).sorted()
        #expect(cases.map(\.file).sorted() == files)
        #expect(Set(cases.map(\.file)).count == cases.count)
        #expect(cases.count >= 60)
        for entry in cases {
            #expect(entry.source.hasPrefix("https://"), "\(entry.file)")
            #expect(!entry.origin.isEmpty && !entry.why.isEmpty, "\(entry.file)")
            #expect(["works", "fails"].contains(entry.verdict), "\(entry.file)")
            #expect((entry.verdict == "fails") == !(entry.expect ?? []).isEmpty, "\(entry.file): a failing case names its cause, a working one none")
        }
        let failing = cases.filter { $0.verdict == "fails" }.count
        #expect(failing >= 20 && cases.count - failing >= 20, "both kinds are well represented")
    }

    @Test("every fixture app a case names is a folder of RealWorld/apps that reads as a project, and every folder there is used")
    func fixtureAppsRead() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: realWorld.appendingPathComponent("apps").path)
            .filter { !$0.hasPrefix(".") }.sorted()
        #expect(Set(cases.compactMap(\.app)).sorted() == folders)
        for (name, context) in apps {
            #expect(throws: Never.self, "apps/\(name)") { try context.get() }
        }
    }

    /// The app-aware rules (category app) that no real report with its payload has been found for: each is named
    /// here so that a case added for one makes this list shrink, and a rule added without a case is seen.
    static let appRulesWithoutRealCase: Set<String> = [
        "app-background-mode-missing", "app-entitlement-missing", "app-environment-mismatch", "app-live-activities-unsupported",
        "app-loc-args-count", "app-loc-key-missing", "app-sound-missing", "app-sound-unplayable",
    ]

    @Test("every app-aware rule is pinned by a real failing case, or listed as having none")
    func appRulesAreCovered() {
        var appRules = Set<String>()
        for rule in RuleRegistry.all {
            let descriptor = rule.descriptor
            if descriptor.category == .app { appRules.insert(descriptor.id) }
        }
        let pinned = Set(cases.filter { $0.verdict == "fails" && $0.app != nil }.flatMap { $0.expect ?? [] })
        #expect(pinned.isSubset(of: appRules), "a case with an app expects a rule that is not app-aware: \(pinned.subtracting(appRules).sorted())")
        #expect(Self.appRulesWithoutRealCase.isSubset(of: appRules), "listed rules that do not exist: \(Self.appRulesWithoutRealCase.subtracting(appRules).sorted())")
        #expect(pinned.isDisjoint(with: Self.appRulesWithoutRealCase), "now pinned, take off the list: \(pinned.intersection(Self.appRulesWithoutRealCase).sorted())")
        #expect(appRules.subtracting(pinned).subtracting(Self.appRulesWithoutRealCase).isEmpty,
                "app-aware rules with neither a real failing case nor a place on the list: \(appRules.subtracting(pinned).subtracting(Self.appRulesWithoutRealCase).sorted())")
    }

    @Test("a request that works gets no error, today or years from now", arguments: cases.filter { $0.verdict == "works" })
    fileprivate func works(_ entry: RealWorldCase) throws {
        for now in [Int(Date().timeIntervalSince1970), 2_000_000_000] {
            let report = try report(entry, now: now)
            let errors = report.diagnostics.filter { $0.severity == .error }
            #expect(errors.isEmpty, "\(entry.file) (\(entry.origin)), now \(now):\n\(describe(report))")
        }
    }

    @Test("a request that fails is caught by the rule that names its cause", arguments: cases.filter { $0.verdict == "fails" })
    fileprivate func fails(_ entry: RealWorldCase) throws {
        let report = try report(entry, now: Int(Date().timeIntervalSince1970))
        let expected = Set(entry.expect ?? [])
        #expect(report.diagnostics.contains { expected.contains($0.ruleID) },
                "\(entry.file) (\(entry.why)): expected one of \(expected.sorted()), got:\n\(describe(report))")
    }
}
