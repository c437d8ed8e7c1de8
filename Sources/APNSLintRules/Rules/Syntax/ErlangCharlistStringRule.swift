import APNSLintSyntax

/// Reported by the Erlang term reader; this rule carries the docs and examples.
struct ErlangCharlistStringRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "erlang-charlist-string", severity: .warning, category: .syntax,
        finds: [.syntax(.charlistString)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "A string in double quotes (a character list) where apns_json expects a binary.",
            rationale: """
                In Erlang, `"Hi"` is a list of character codes, not a string; JSON text is written as a binary, \
                `<<"Hi">>`. apns_json and jsx expect binaries: jsx encodes a character list as an array of numbers, \
                and only some of apns_json's fields convert it. apns-lint reads it as the string you meant and \
                warns, so the request it checks is the one you intended.
                """,
            references: ["https://www.erlang.org/doc/system/data_types.html#string", "https://github.com/talentdeficit/jsx#json---erlang-mapping"],
            triggering: [
                Example("[{alert, ↓\"Would you like to play a game?\"}].", fileExtension: "erl"),
                Example("[{alert, <<\"Hi\">>}, {extra, [{↓\"game\", <<\"wopr\">>}]}].", fileExtension: "erl"),
            ],
            nonTriggering: [
                Example("[{alert, <<\"Would you like to play a game?\">>}, {sound, <<\"wopr\"/utf8>>}].", fileExtension: "erl"),
            ])
    }

}
