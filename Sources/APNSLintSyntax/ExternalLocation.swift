/// A place in another file than the one a finding is about: where a configuration file gives a header. A class: every
/// header option carries one (nil for most), and a reference keeps `HeaderOption` small to move (callgrind: as a
/// struct of two strings it cost each lint of a request body 170 instructions).
public final class ExternalLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file's path as messages show it (relative to the working directory, or absolute).
    public let path: String
    /// The same, absolute: for an editor, which names files by URI.
    public let absolutePath: String
    /// 1-based, as `SourcePosition`.
    public let line: Int
    public let column: Int

    public init(path: String, absolutePath: String, line: Int, column: Int) {
        self.path = path
        self.absolutePath = absolutePath
        self.line = line
        self.column = column
    }

    /// `path:line:column`.
    public var description: String { "\(path):\(line):\(column)" }

    public static func == (left: ExternalLocation, right: ExternalLocation) -> Bool {
        left.path == right.path && left.absolutePath == right.absolutePath && left.line == right.line && left.column == right.column
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(absolutePath)
        hasher.combine(line)
        hasher.combine(column)
    }
}
