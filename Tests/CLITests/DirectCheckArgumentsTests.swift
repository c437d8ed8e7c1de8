@testable import APNSLintCLI
import APNSLintTestSupport
import ArgumentParser
import Foundation
import Testing

/// `check`'s arguments read directly (`CheckCommand.parsedDirectly`) make the command ArgumentParser makes of them, for
/// every option `check` declares; whatever the direct reading leaves alone, ArgumentParser reads as before.
@Suite("check's arguments read without ArgumentParser")
struct DirectCheckArgumentsTests {
    /// A value for each option that takes one and has no list of values in check's help dump. A new option fails
    /// `everyOptionIsReadAsArgumentParserReadsIt` until it has one here, and a case in `CheckCommand.apply`.
    static let sampleValues: [String: String] = [
        "stdin-filename": "push.json", "stdin-origin": "3:120:2", "push-type": "alert", "priority": "5",
        "topic": "com.example.app", "collapse-id": "order-1", "expiration": "0", "apns-id": "123e4567-e89b-12d3-a456-426655440000",
        "now": "1763712000", "near-limit-share": "0.8", "app": "App.xcodeproj", "app-target": "App", "select": "delivery",
        "extend-select": "badge-invalid", "ignore": "alert-empty", "config": "ci.yml", "jobs": "3", "output-file": "report.txt",
        "output": "sarif=report.sarif", "baseline": "baseline.json", "write-baseline": "baseline.json",
    ]

    static let companions = [
        "stdin-filename": ["-", "--stdin-filename", "log.jsonl"], "stdin-origin": ["-", "--stdin-filename", "log.jsonl"],
        "app-target": ["--app", "App.xcodeproj", "push"],
    ]

    /// The options check declares (ArgumentParser's own help dump), less help and --version (the root's).
    static let options: [(name: String, isFlag: Bool, values: [String])] = {
        let dump = CheckCommand._dumpHelp()
        let object = try! JSONSerialization.jsonObject(with: Data(dump.utf8)) as! [String: Any]
        let arguments = (object["command"] as! [String: Any])["arguments"] as! [[String: Any]]
        return arguments.compactMap { argument in
            let names = (argument["names"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "long" }
            guard let name = names.first?["name"] as? String, !["help", "version"].contains(name) else { return nil }
            return (name, argument["kind"] as? String == "flag", argument["allValues"] as? [String] ?? [])
        }
    }()

    /// The command ArgumentParser makes of `arguments`, described property by property (a property left unread would
    /// show as a definition, not a value).
    static func described(_ command: CheckCommand?) -> String {
        command.map { String(reflecting: $0) } ?? "nil"
    }

    static func byArgumentParser(_ arguments: [String]) -> CheckCommand? {
        try? CheckCommand.parseAsRoot(arguments) as? CheckCommand
    }

    @Test func checkDeclaresTheOptionsThisTestKnows() {
        #expect(Self.options.count == 44)
        let needingSamples = Self.options.filter { !$0.isFlag && $0.values.isEmpty }.map(\.name)
        #expect(needingSamples.filter { Self.sampleValues[$0] == nil } == [])
    }

    @Test func noOptionsAndPathsAreReadAsArgumentParserReadsThem() {
        for arguments in [[], ["push"], ["a.json", "-", "b/c.yml"], ["-", "--stdin-filename", "x.json"]] {
            let direct = CheckCommand.parsedDirectly(arguments)
            #expect(direct != nil, "\(arguments)")
            #expect(Self.described(direct) == Self.described(Self.byArgumentParser(arguments)), "\(arguments)")
        }
        #expect(CheckCommand.parsedDirectly([])?.paths == ["."])
        #expect(!Self.described(CheckCommand.parsedDirectly([])).contains("definition"))
    }

    @Test func everyOptionIsReadAsArgumentParserReadsIt() {
        for option in Self.options {
            let values: [String?] = option.isFlag ? [nil] : option.values.isEmpty ? [Self.sampleValues[option.name]] : option.values.map { $0 }
            for value in values {
                var spellings = [["--\(option.name)"] + (value.map { [$0] } ?? [])]
                if let value { spellings.append(["--\(option.name)=\(value)"]) }
                for spelling in spellings {
                    // Besides a path, and what some need beside them (--stdin-origin reads a stream on standard input; an
                    // app's target needs the app).
                    let arguments = spelling + (Self.companions[option.name] ?? ["push"])
                    let expected = Self.byArgumentParser(arguments)
                    let direct = CheckCommand.parsedDirectly(arguments)
                    if option.name == "stdin-filename" {
                        // Given twice: ArgumentParser's to judge.
                        #expect(direct == nil, "\(arguments)")
                        continue
                    }
                    #expect(expected != nil, "\(arguments)")
                    #expect(direct != nil, "\(arguments)")
                    #expect(Self.described(direct) == Self.described(expected), "\(arguments)")
                }
            }
        }
    }

    @Test func repeatableOptionsCollectEveryValueInOrder() {
        let arguments = ["--platform", "ios", "a", "--platform=watchos", "--select", "delivery", "--select", "payload", "b"]
        let direct = CheckCommand.parsedDirectly(arguments)
        #expect(direct?.ruleOptions.platform == [.ios, .watchos])
        #expect(direct?.paths == ["a", "b"])
        #expect(Self.described(direct) == Self.described(Self.byArgumentParser(arguments)))
    }

    /// What the direct reading leaves to ArgumentParser: it would say something the direct reading does not.
    @Test func anythingElseIsLeftToArgumentParser() {
        for arguments in [
            ["--help"], ["-h"], ["--version"], ["-j", "2", "a"], ["-o", "r.txt", "a"], ["--", "a"], ["--nope", "a"],
            ["--format", "yaml", "a"], ["--jobs", "two"], ["--jobs"], ["--topic", "--strict"], ["--strict=yes"],
            ["--format", "json", "--format", "sarif"], ["--strict", "--strict"], ["-x"], [""],
            // What a validate() refuses: each option group's, then the command's.
            ["--jobs", "0"], ["--near-limit-share", "2"], ["--config", "a.yml", "--isolated"], ["--select", "no-such-rule"],
            ["--baseline", "a", "--write-baseline", "b"], ["--fix", "--baseline", "b.json"], ["--stdin-filename", "x.json", "a"],
            ["--stdin-origin", "1:0:1", "a"], ["--output", "yaml=r.yml"], ["--app-target", "App"],
        ] {
            #expect(CheckCommand.parsedDirectly(arguments) == nil, "\(arguments)")
        }
    }

    @Test func theRootsOwnOptionsAndOtherCommandsAreNotCheckArguments() {
        #expect(CheckCommand.directArguments(in: ["render", "a.json"]) == nil)
        #expect(CheckCommand.directArguments(in: ["check", "a.json"]) == ["a.json"])
        #expect(CheckCommand.directArguments(in: ["a.json"]) == ["a.json"])
        #expect(CheckCommand.directArguments(in: ["--quiet", "a.json"]) == ["--quiet", "a.json"])
        #expect(CheckCommand.directArguments(in: ["-", "--stdin-filename", "a.json"]) == ["-", "--stdin-filename", "a.json"])
    }

    /// The command line as a user types it: the same output and exit status either way in.
    @Test func aRunReadDirectlySaysWhatItAlwaysSaid() throws {
        let dir = try workspace(["bad.json": #"{"aps": {"alert": "Hi", "badge": "4"}}"#])
        let direct = try run(["check", "--format", "concise", "--color", "never", "bad.json"], in: dir)
        let parsed = try run(["check", "--format", "concise", "-j", "1", "--color", "never", "bad.json"], in: dir)
        #expect(direct.status == 1)
        #expect(direct.stdout == parsed.stdout)
        #expect(direct.stdout.hasPrefix("bad.json:1:34: error: "))
        let refused = try run(["check", "--jobs", "0", "bad.json"], in: dir)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("Error: --jobs must be at least 1, e.g. --jobs 4"))
    }
}
