import APNSLintSyntax

/// What an Erlang project keeps beside its notification terms in the files a walk finds (`.erl`, `.config`, `.term`):
/// its modules, and its build and release configuration, which are terms too. Told apart only to say what a skipped
/// file is: whether a file is linted is `DefinitionSniff`'s (a definition's key at the top of a term).
enum ErlangProjectFile {
    /// Why a file of Erlang source code is skipped.
    static func reason(for form: ErlangSourceForm, in source: SourceText) -> String {
        let place = source.position(of: form.range.start)
        switch form.kind {
        case .attribute("module"): return "Erlang module (-module attribute at \(place)), not notification terms"
        case .attribute(let name): return "Erlang source code (-\(name) attribute at \(place)), not notification terms"
        case .functionClause(let name): return "Erlang source code (function clause \(ErlangTerm.atomText(name))(…) at \(place)), not notification terms"
        }
    }

    /// rebar3's own top-level keys in `rebar.config` (rebar3.org/docs/configuration): one of them names the file's tool.
    static let rebarKeys: Set<String> = [
        "erl_opts", "deps", "plugins", "project_plugins", "profiles", "relx", "shell", "alias", "overrides", "provider_hooks",
        "pre_hooks", "post_hooks", "minimum_otp_vsn", "project_app_dirs", "xref_checks", "dialyzer", "cover_enabled",
        "ct_opts", "eunit_opts", "edoc_opts", "escript_main_app",
    ]

    /// What a file of terms that holds no definition is, from its name and its terms; nil when nothing says.
    static func kind(of terms: [ErlangTerm], fileName: String?) -> String? {
        let name = fileName.map { PathText.name(of: $0) }
        // `{application, courier, [...]}`: an .app or .app.src file's one term (OTP's app(4)).
        if let application = terms.first(where: { $0.tupleElements?.first?.atom == "application" && $0.tupleElements?.count == 3 }),
           let app = application.tupleElements?[1].atom {
            return "OTP application resource file ({application, \(ErlangTerm.atomText(app)), […]})"
        }
        // `{release, {Name, Vsn}, Apps}`: relx's (and reltool's) release description.
        if let release = terms.first(where: { $0.tupleElements?.first?.atom == "release" && $0.tupleElements?.count == 3 }),
           let releaseName = release.tupleElements?[1].tupleElements?.first?.atom {
            return "relx release configuration ({release, {\(ErlangTerm.atomText(releaseName)), …}, […]})"
        }
        let keys = terms.compactMap { $0.tupleElements?.first?.atom }
        if name == "rebar.config" || keys.contains(where: rebarKeys.contains) {
            let key = keys.first(where: rebarKeys.contains)
            return "rebar configuration" + (key.map { " ({\($0), …})" } ?? "")
        }
        // One list of {Application, [{Par, Val}]} (a string in it names another such file): OTP's config(4), the
        // format of a release's sys.config, and of elvis.config ([{elvis, [...]}]).
        if terms.count == 1, let elements = terms[0].listElements, !elements.isEmpty {
            var applications: [String] = []
            for element in elements {
                if case .string = element.value { continue }
                guard let (key, value) = element.pair, let application = key.atom, value.isList else { return nil }
                applications.append(ErlangTerm.atomText(application))
            }
            if applications == ["elvis"] { return "elvis configuration ([{elvis, […]}])" }
            return "release configuration (the environment of applications \(applications.joined(separator: ", ")): sys.config's format)"
        }
        // {Key, Value}. terms one after another: file:consult/1 configuration (a Common Test config's).
        if !terms.isEmpty, terms.allSatisfy({ $0.pair?.0.atom != nil }), let first = keys.first {
            return "Erlang configuration terms ({\(ErlangTerm.atomText(first)), …}.)"
        }
        return nil
    }
}

extension ErlangTerm {
    /// A tuple's elements, nil for anything else.
    fileprivate var tupleElements: [ErlangTerm]? {
        if case .tuple(let elements) = value { return elements }
        return nil
    }
}
