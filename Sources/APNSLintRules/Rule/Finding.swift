import APNSLintModel
import APNSLintSyntax

/// What a lower layer found, typed: the rules layer says which rule reports it (`RuleDescriptor.finds`), so each
/// rule id has one owner and no layer below names one.
public enum Finding: Sendable, Hashable {
    /// A reader's problem; `in: nil` for a problem of every language that has it.
    case syntax(SyntaxProblem.Kind, in: SourceLanguage? = nil)
    /// Something a system's format drops, changes or requires.
    case dialect(DialectNote.Kind)
    /// A problem with an inline suppression comment.
    case suppression(SuppressionProblem)
}

extension Finding {
    /// True when what is found means there is no request to show: the reader could not read the text as written (a
    /// syntax error, aliases beyond the budget, a value JSON cannot carry, no term at all), or the library raises on
    /// it. What a reader reads with a warning (a byte order mark, an ambiguous YAML scalar, an Erlang character list),
    /// and what a library drops, rewrites or misses, still leave the request it builds.
    public var leavesNoRequest: Bool {
        switch self {
        case .syntax(.invalidSyntax, _), .syntax(.trailingComma, _), .syntax(.aliasLimit, _), .syntax(.nonJSONValue, _), .syntax(.noTerm, _), .dialect(.libraryError): true
        case .syntax, .dialect, .suppression: false
        }
    }

    /// True for a syntax error of the reader of `language`: unless the reader repaired the slip (and offers its fix),
    /// it stopped there, and the tree it built is a guess at the text.
    public func isSyntaxError(in language: SourceLanguage) -> Bool {
        if case .syntax(let kind, let found) = self, kind.isInvalidSyntax { return found == language }
        return false
    }
}

/// What can be wrong with an inline suppression comment.
public enum SuppressionProblem: Sendable, Hashable {
    /// The comment cannot be understood (an unknown rule id, no reason, an unknown word).
    case invalid
    /// It suppresses nothing.
    case unused
}
