import APNSLintTestSupport
import Foundation
import Testing

/// Issue 38: the configuration's `headers` are defaults for every file. They fill in the values the rules check, but
/// do not make a bare payload a request that "misses" its other headers; and a finding about one is placed at its line
/// in the configuration file, never at no place in the definition.
@Suite("Configured headers: checked where they are, and only by the rules that need them")
struct ConfiguredHeadersTests {
    @Test func aConfiguredTopicAddsNoFindingToABarePayload() throws {
        let dir = try workspace([".apns-lint.yml": "headers:\n  apns-topic: com.example.app\n", "alert.json": #"{"aps": {"alert": "Hi"}}"#])
        let result = try run(["check", "alert.json"], in: dir)
        #expect(result.status == 0)
        #expect(result.stdout == "No problems found in 1 file.\n")
        #expect(result.stderr == "")
        // On the command line, the headers describe this request: its missing push type is reported.
        let explicit = try run(["check", "--format", "concise", "--topic", "com.example.app", "alert.json"], in: dir)
        #expect(explicit.stdout.hasPrefix("alert.json: warning: no apns-push-type in the request headers"))
    }

    @Test func aFindingAboutAConfiguredHeaderIsAtItsLineInTheConfiguration() throws {
        let dir = try workspace([
            ".apns-lint.yml": "headers:\n  apns-topic: bad topic\n  apns-priority: 10\n",
            "sync.json": #"{"aps": {"content-available": 1}}"#,
        ])
        let concise = try run(["check", "--format", "concise", "sync.json"], in: dir)
        #expect(concise.status == 1)
        #expect(concise.stdout == """
            .apns-lint.yml:3:18: warning: priority 10 on a background push: "aps" has content-available and nothing to show (a background update), which must not be sent at priority 10; APNs accepts it, but the system may deliver it late or never wake the app (node-apn issue #241) (the request for sync.json) [background-priority-10]
            .apns-lint.yml:2:15: error: apns-topic "bad topic" holds whitespace, which never appears in a bundle ID; APNs rejects the request with 400 BadTopic (the request for sync.json) [topic-invalid]
            Found 1 error and 1 warning in 1 of 1 file.

            """)
        let full = try run(["check", "sync.json"], in: dir)
        #expect(full.stdout.hasPrefix("""
            .apns-lint.yml:3:18: warning: priority 10 on a background push: "aps" has content-available and nothing to show (a background update), which must not be sent at priority 10; APNs accepts it, but the system may deliver it late or never wake the app (node-apn issue #241) [background-priority-10]
             = note: in the request for sync.json
             = note: apns-priority comes from the configuration's headers, which apply to every file they match: 10
             = help: set apns-priority to 5

            """))
        let github = try run(["check", "--format", "github", "sync.json"], in: dir)
        #expect(github.stdout.split(separator: "\n").map { $0.prefix(72) } == [
            "::warning file=.apns-lint.yml,line=3,col=18,title=apns-lint (background-",
            "::error file=.apns-lint.yml,line=2,col=15,title=apns-lint (topic-invalid",
        ])
        let sarif = try run(["check", "--format", "sarif", "sync.json"], in: dir)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let results = try #require(((log["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        let places = results.map { result -> String in
            let physical = ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]) ?? [:]
            let uri = (physical["artifactLocation"] as? [String: Any])?["uri"] as? String ?? ""
            let region = physical["region"] as? [String: Any] ?? [:]
            return "\(uri):\(region["startLine"] ?? ""):\(region["startColumn"] ?? "")"
        }
        #expect(places == [".apns-lint.yml:3:18", ".apns-lint.yml:2:15"])
        let json = try run(["check", "--format", "json", "sync.json"], in: dir)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { ($0["externalLocation"] as? [String: Any]).map { "\($0["file"] ?? ""):\($0["line"] ?? ""):\($0["column"] ?? "")" } }
            == [".apns-lint.yml:3:18", ".apns-lint.yml:2:15"])
        #expect(diagnostics.map { $0["file"] as? String } == ["sync.json", "sync.json"])
        let junit = try run(["check", "--format", "junit", "sync.json"], in: dir)
        #expect(junit.stdout.contains(#"<testcase name="topic-invalid at .apns-lint.yml:2:15" classname="sync.json">"#))
        let checkstyle = try run(["check", "--format", "checkstyle", "sync.json"], in: dir)
        #expect(checkstyle.stdout.contains("""
              <file name="sync.json">
              </file>
              <file name=".apns-lint.yml">
                <error line="3" column="18" severity="warning"
            """))
    }
}
