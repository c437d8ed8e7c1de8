/// A form of Erlang source code where the Erlang reader expected a term: an attribute (`-module(courier).`,
/// `-export([start/0]).`) or the head of a function clause (`init(Args) ->`). No term begins like either, so a file that
/// does is code for the compiler (a module, or a header it includes), not terms that `file:consult/1` reads.
public struct ErlangSourceForm: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// `-name(…)`: the attribute's name (`module`, `export`, `include`).
        case attribute(String)
        /// `name(…) ->`: the function's name.
        case functionClause(String)
    }

    public let kind: Kind
    /// From the `-` of an attribute, or the function's name, to the end of the name.
    public let range: SourceRange

    public init(kind: Kind, range: SourceRange) {
        self.kind = kind
        self.range = range
    }

    /// The reader's problem: what the form is, and why it is no term.
    public var message: String {
        switch kind {
        case .attribute("module"):
            "-module(…) is the attribute that begins an Erlang module: this file is source code for the compiler, not terms that file:consult/1 reads"
        case .attribute(let name):
            "-\(ErlangTerm.atomText(name))(…) is an attribute of Erlang source code: this file is code for the compiler, not terms that file:consult/1 reads"
        case .functionClause(let name):
            "\(ErlangTerm.atomText(name))(…) begins a function clause: this file is Erlang source code for the compiler, not terms that file:consult/1 reads"
        }
    }
}
