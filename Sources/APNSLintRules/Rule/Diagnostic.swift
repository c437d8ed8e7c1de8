import APNSLintModel
import APNSLintSyntax

/// One finding, independent of how it is shown.
///
/// `range` is nil when the finding concerns something that has no place in the file, such as a header given
/// on the command line; `externalLocation` says where it is when that is another file (the configuration's
/// `headers`).
public struct Diagnostic: Hashable, Sendable {
    public var ruleID: String
    public var severity: Severity
    /// What is wrong, where, and why APNs cares.
    public var message: String
    /// How to fix it.
    public var help: String?
    public var pointer: JSONPointer
    public var range: SourceRange?
    public var notes: [Note]
    public var fix: Fix?
    /// Which document of a multi-document file (YAML `---`) this is about, counting from 0; nil when the file
    /// holds one document.
    public var document: Int?
    /// Where the finding is when it is not in the file linted (then `range` is nil): a header the configuration file
    /// gives is reported at its line there.
    public var externalLocation: ExternalLocation?
    /// What a lower layer found that this reports (a reader's syntax problem, a system's note, a suppression comment's
    /// problem); nil for what a rule's own check found. The fixer and the renderer go by it, not by the rule's id.
    public var finding: Finding?
    /// The answer APNs gives a request with this finding (400 `BadDeviceToken`), when it rejects it: the reason the
    /// reporting rule's severity rests on, or the one its report names. Nil for what APNs accepts. Set where the
    /// finding is made, as only the rule knows which case it found (an empty device token is `MissingDeviceToken`);
    /// the APNs sandbox's gateway (`APNSLintGateway`) answers with it.
    public var rejection: APNsReason?

    public init(
        ruleID: String,
        severity: Severity,
        message: String,
        help: String? = nil,
        pointer: JSONPointer,
        range: SourceRange?,
        notes: [Note] = [],
        fix: Fix? = nil,
        document: Int? = nil,
        externalLocation: ExternalLocation? = nil,
        finding: Finding? = nil,
        rejection: APNsReason? = nil
    ) {
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.help = help
        self.pointer = pointer
        self.range = range
        self.notes = notes
        self.fix = fix
        self.document = document
        self.externalLocation = externalLocation
        self.finding = finding
        self.rejection = rejection
    }
}

/// A secondary message, optionally with its own place: in the source (where a duplicate key first appeared), or in
/// another file (the app's Info.plist a background push contradicts).
public struct Note: Hashable, Sendable {
    public var message: String
    public var range: SourceRange?
    /// Its place in another file than the one linted; nil when it has none or it is in the file (`range`).
    public var location: ExternalLocation?

    public init(_ message: String, range: SourceRange? = nil) {
        self.message = message
        self.range = range
    }

    public init(_ message: String, at location: ExternalLocation) {
        self.message = message
        self.location = location
    }
}
