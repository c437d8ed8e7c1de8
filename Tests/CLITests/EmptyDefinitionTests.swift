import APNSLintTestSupport
import Foundation
import Testing

/// A file that holds no definition is an error in every format: an empty JSON or YAML file does not parse, and an Erlang
/// file of no term, which file:consult/1 reads as [], defines nothing to send. Uses `run` and `workspace` from APNSLintTestSupport.
@Suite("apns-lint check: files that hold no definition")
struct EmptyDefinitionTests {
    static let noTerm = "error: the file holds no Erlang term, so it defines no notification (file:consult/1 reads it as an empty list) [erlang-no-term]"
    static let noTermHelp = "  = help: a notification definition is a term such as [{alert, <<\"Hi\">>}].\n"

    @Test func anEmptyErlangFile() throws {
        let dir = try workspace(["empty.erl": Data()])
        let result = try run(["check", "--color", "never", "empty.erl"], in: dir)
        #expect(result.status == 1)
        #expect(result.stderr == "")
        #expect(result.stdout == """
            empty.erl:1:1: \(Self.noTerm)
              |
            1 | 
              | ^
            \(Self.noTermHelp)
            Found 1 error in 1 of 1 file.

            """)
    }

    /// Reported at the end, where a term was expected.
    @Test func anErlangFileOfOnlyAComment() throws {
        let dir = try workspace(["comment.erl": "% the welcome notification, to be written\n"])
        let result = try run(["check", "--color", "never", "comment.erl"], in: dir)
        #expect(result.status == 1)
        #expect(result.stderr == "")
        #expect(result.stdout == """
            comment.erl:2:1: \(Self.noTerm)
              |
            2 | 
              | ^
            \(Self.noTermHelp)
            Found 1 error in 1 of 1 file.

            """)
    }

    /// Control bytes are whitespace to erl_scan, so file:consult/1 reads no term; they are reported as the JSON and YAML
    /// readers report them, as a binary file.
    @Test func anErlangFileOfControlBytes() throws {
        let dir = try workspace(["bytes.erl": Data([0x00, 0x01, 0x02]), "bytes.json": Data([0x00, 0x01, 0x02])])
        let result = try run(["check", "--color", "never", "bytes.erl", "bytes.json"], in: dir)
        #expect(result.status == 1)
        #expect(result.stderr == "")
        let binary = "error: this looks like a binary file, not a definition: it holds NUL bytes (the first at byte offset 0), which no JSON, YAML or Erlang text does"
        let help = " = help: lint the definition's source (JSON, YAML or an Erlang term, as UTF-8 text); leave other files out of the paths or exclude them in the configuration\n"
        #expect(result.stdout == """
            bytes.erl: \(binary) [invalid-erlang-term]
            \(help)
            bytes.json: \(binary) [invalid-json]
            \(help)
            Found 2 errors in 2 of 2 files.

            """)
    }

    @Test func emptyJSONAndYAMLFilesAreErrorsToo() throws {
        let dir = try workspace(["empty.json": Data(), "empty.yaml": Data(), "empty.erl": Data()])
        let result = try run(["check", "--format", "concise", "empty.json", "empty.yaml", "empty.erl"], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout == """
            empty.json:1:1: error: empty input: expected a JSON value [invalid-json]
            empty.yaml:1:1: error: the file holds no YAML document [invalid-yaml]
            empty.erl:1:1: \(Self.noTerm)
            Found 3 errors in 3 of 3 files.

            """)
    }

    @Test func renderSaysWhy() throws {
        let dir = try workspace(["empty.erl": Data()])
        let result = try run(["render", "empty.erl"], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == "empty.erl:1:1: \(Self.noTerm)\n")
    }
}
