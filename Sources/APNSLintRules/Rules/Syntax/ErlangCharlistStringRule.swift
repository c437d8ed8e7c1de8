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
                `<<"Hi">>`. Where an Erlang term is read as JSON (a term declared `{dialect, <<"apns">>}`, or \
                `--dialect apns`), apns-lint reads a character list as the string you meant and warns: jsx itself \
                encodes it as an array of numbers. (A term for apns_json, the default for Erlang files, is read as the \
                library reads it: its fields that call `sc_util:to_bin/1` convert a character list, and where jsx \
                writes it as numbers `dialect-rewritten-value` says so.)
                """,
            severity: .likelyMistake(
                "a double-quoted Erlang string is a list of character codes, which jsx encodes as an array of numbers, not the string that was probably meant",
                source: Reference.jsx280),
            references: ["https://www.erlang.org/doc/system/data_types.html#string", "https://github.com/talentdeficit/jsx#json---erlang-mapping"],
            triggering: [
                Example("[{dialect, <<\"apns\">>}, {aps, [{alert, ↓\"Would you like to play a game?\"}]}].", fileExtension: "erl"),
                Example("[{dialect, <<\"apns\">>}, {aps, [{alert, <<\"Hi\">>}]}, {↓\"game\", <<\"wopr\">>}].", fileExtension: "erl"),
            ],
            nonTriggering: [
                Example("[{dialect, <<\"apns\">>}, {aps, [{alert, <<\"Would you like to play a game?\">>}, {sound, <<\"wopr\"/utf8>>}]}].", fileExtension: "erl"),
                Example("[{alert, \"Would you like to play a game?\"}].", fileExtension: "erl"),
            ])
    }

}
