import APNSLintTestSupport
import Foundation
import Testing

/// Issue 51, item 5: a walk over an Erlang project (Examples/erlang/project: two modules, rebar.config, sys.config,
/// an .app.src, elvis.config, a Common Test config, and one file of notification terms) lints only the notification
/// terms; `--show-files` says what each other file is; a module named on the command line is one clear error.
@Suite("apns-lint check: an Erlang project")
struct ErlangProjectWalkTests {
    static let project = packageRoot.appendingPathComponent("Examples/erlang/project")

    static let skipped = """
        apns-lint: skipped 'config/sys.config': release configuration (the environment of applications courier, apns_erlv3, kernel: sys.config's format), not notification terms
        apns-lint: skipped 'elvis.config': elvis configuration ([{elvis, […]}]), not notification terms
        apns-lint: skipped 'rebar.config': rebar configuration ({erl_opts, …}), not notification terms
        apns-lint: skipped 'src/courier_notifications.erl': Erlang module (-module attribute at 2:1), not notification terms
        apns-lint: skipped 'src/courier_push_server.erl': Erlang module (-module attribute at 2:1), not notification terms
        apns-lint: skipped 'test/test.config': Erlang configuration terms ({apns_host, …}.), not notification terms
        apns-lint: note: a file named on the command line, or matched by include: in .apns-lint.yml, is linted whatever it holds

        """

    /// The walk lists the notification file and says why each module and configuration is skipped. Files of extensions
    /// apns-lint never reads (`src/courier.app.src`, `config/vm.args`) are not looked at.
    @Test func showFilesListsTheNotificationFileAndSaysWhatTheOthersAre() throws {
        let result = try run(["check", "--show-files", "."], in: Self.project)
        #expect(result.status == 0)
        #expect(result.stdout == "priv/notifications/shipped.term\n")
        #expect(result.stderr == Self.skipped)
    }

    @Test func theWalkReportsOnlyTheNotificationFile() throws {
        let result = try run(["check", "--format", "concise", "."], in: Self.project)
        #expect(result.stderr == "")
        #expect(result.stdout == """
            priv/notifications/shipped.term:7:15: warning: sc_push_svc_apnsv3:send/2 does not read 'title', so it is not sent (the alert properties make_alert/1 reads: body, action-loc-key, loc-key, loc-args, launch-image) [dialect-dropped-key]
            Found 1 warning in 1 of 1 file.

            """)
        #expect(result.status == 0)
    }

    /// A build or hook that passes every file: with --skip-non-definitions, named files are judged as the walk judges them.
    @Test func skipNonDefinitionsSkipsTheModulesAndConfigurationNamed() throws {
        let named = ["src/courier_push_server.erl", "rebar.config", "src/courier.app.src", "priv/notifications/shipped.term"]
        let shown = try run(["check", "--skip-non-definitions", "--show-files"] + named, in: Self.project)
        #expect(shown.stdout == "priv/notifications/shipped.term\n")
        #expect(shown.stderr == """
            apns-lint: skipped 'src/courier_push_server.erl': Erlang module (-module attribute at 2:1), not notification terms
            apns-lint: skipped 'rebar.config': rebar configuration ({erl_opts, …}), not notification terms
            apns-lint: note: a file named on the command line, or matched by include: in .apns-lint.yml, is linted whatever it holds

            """)
        let checked = try run(["check", "--skip-non-definitions", "--format", "concise"] + named, in: Self.project)
        #expect(checked.stdout == (try run(["check", "--format", "concise", "priv/notifications/shipped.term"], in: Self.project)).stdout)
    }

    /// Named, a module is linted: one error, saying it is code and what apns-lint reads instead.
    @Test func aNamedModuleIsOneClearError() throws {
        let result = try run(["check", "--color", "never", "src/courier_notifications.erl"], in: Self.project)
        #expect(result.status == 1)
        #expect(result.stderr == "")
        #expect(result.stdout == """
            src/courier_notifications.erl:2:1: error: -module(…) is the attribute that begins an Erlang module: this file is source code for the compiler, not terms that file:consult/1 reads [invalid-erlang-term]
              |
            2 | -module(courier_notifications).
              | ^^^^^^^
              = note: it holds no notification definition: apns-lint reads the terms a notification is written as (a proplist such as [{alert, <<"Hi">>}].), not the code that builds or sends them
              = help: file:consult/1 reads only terms, each ended by '.', such as [{key, <<"value">>}].

            Found 1 error in 1 of 1 file.

            """)
    }

    /// docs/usage.md shows both outputs as they are.
    @Test func theDocsShowTheseOutputs() throws {
        let usage = try String(contentsOf: packageRoot.appendingPathComponent("docs/usage.md"), encoding: .utf8)
        let shown = try run(["check", "--show-files", "."], in: Self.project)
        #expect(usage.contains("$ cd Examples/erlang/project && apns-lint check --show-files .\n" + shown.stdout + shown.stderr + "```"))
        let named = try run(["check", "--color", "never", "src/courier_notifications.erl"], in: Self.project)
        #expect(usage.contains("$ apns-lint check src/courier_notifications.erl\n" + named.stdout + "```"))
    }

    /// A project with no notification terms exits 2 and says so, as a tree of JSON that holds no definition does.
    @Test func aProjectWithNoNotificationSaysSoAndExitsTwo() throws {
        let dir = try workspace([
            "rebar.config": "{erl_opts, [debug_info]}.\n",
            "src/courier.erl": "-module(courier).\n-export([start/0]).\nstart() -> ok.\n",
            "config/sys.config": "[{courier, [{port, 8080}]}].\n",
        ])
        let result = try run(["check", "."], in: dir)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "apns-lint: error: no definition files found in .: 3 files were skipped: they do not look like notification definitions (--show-files says why)\n")
    }

    /// Notification terms found in a walk are linted in any of the extensions apns-lint reads as Erlang, and so is a
    /// broken one that holds a definition's key; a broken file without one, an empty one, an application resource file
    /// and a relx configuration are skipped, each with why.
    @Test func termFilesAreJudgedByTheirTopLevelKeys() throws {
        let dir = try workspace([
            "push/jsx.erl": "#{<<\"aps\">> => #{<<\"alert\">> => <<\"Hi\">>}}.\n",
            "push/extra.eterm": "[{extra, [{<<\"order\">>, 1}]}].\n",
            "push/broken.config": "[{'alert', <<\"Hi\">>}\n {badge, 1}].\n",
            "push/declared.term": "[{dialect, <<\"apns\">>}, {payload, [{aps, [{alert, <<\"Hi\">>}]}]}].\n",
            "other/broken.config": "[{port, 80}\n {host, \"x\"}].\n",
            "other/empty.erl": "%% nothing yet\n",
            "other/courier.config": "{application, courier, [{vsn, \"1.0.0\"}]}.\n",
            "other/relx.config": "{release, {courier, \"1.0.0\"}, [courier]}.\n{extended_start_script, true}.\n",
            "other/settings.term": "[{port, 80}, {hosts, [<<\"a\">>]}, {limits, 3}].\n",
            "other/main.erl": "main(_) -> io:format(\"hi~n\").\n",
        ])
        let result = try run(["check", "--show-files", "."], in: dir)
        #expect(result.status == 0)
        #expect(result.stdout == "push/broken.config\npush/declared.term\npush/extra.eterm\npush/jsx.erl\n")
        #expect(result.stderr == """
            apns-lint: skipped 'other/broken.config': not a valid Erlang term (2:2: expected ',' or ']' in the list, found '{' (is a ',' missing?)), and no notification-definition key appears in it
            apns-lint: skipped 'other/courier.config': OTP application resource file ({application, courier, […]}), not notification terms
            apns-lint: skipped 'other/empty.erl': it holds no Erlang term
            apns-lint: skipped 'other/main.erl': Erlang source code (function clause main(…) at 1:1), not notification terms
            apns-lint: skipped 'other/relx.config': relx release configuration ({release, {courier, …}, […]}), not notification terms
            apns-lint: skipped 'other/settings.term': no notification-definition key at the top level of its terms (aps, alert, badge, sound, extra, token, headers, payload, mdm, dialect, …)
            apns-lint: note: a file named on the command line, or matched by include: in .apns-lint.yml, is linted whatever it holds

            """)
    }
}
