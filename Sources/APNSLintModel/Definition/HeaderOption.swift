import APNSLintSyntax

/// A header given outside the file, e.g. `--priority 10` on the command line.
public struct HeaderOption: Sendable, Hashable {
    public let name: String
    public let value: String
    /// How the user gave it, for messages: `--priority`.
    public let option: String
    /// Where a configuration file gave it; nil for the command line.
    public let location: ExternalLocation?
    /// True for a header a program passes with the request body it lints.
    public let isRequestHeader: Bool

    public init(name: String, value: String, option: String) {
        self.name = name
        self.value = value
        self.option = option
        self.location = nil
        self.isRequestHeader = false
    }

    /// A header of the request a program is about to send, as its HTTP client gets it (`option` is the name
    /// as the program spelled it).
    public init(requestHeader name: String, value: String) {
        self.name = name
        self.value = value
        self.option = name
        self.location = nil
        self.isRequestHeader = true
    }

    /// A header from a configuration file's `headers`.
    public init(name: String, value: String, configuredAt location: ExternalLocation) {
        self.name = name
        self.value = value
        self.option = "headers"
        self.location = location
        self.isRequestHeader = false
    }

    var origin: Field.Origin {
        if isRequestHeader { return .requestHeader(name: option) }
        return location.map { .configuration(location: $0) } ?? .commandLine(option: option)
    }
}
