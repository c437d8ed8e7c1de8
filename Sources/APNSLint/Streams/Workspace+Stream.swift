import APNSLintModel
import APNSLintSyntax
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

extension Workspace {
    /// Lints a stream file a batch of records at a time with its configuration (see `Linter.lint(stream:…)`, also for
    /// `fixing`). A stream a walk found (`InputOrigin.found`) is linted when its first record looks like a definition;
    /// otherwise nothing is consumed and the reason is returned. Throws `InputError` when the file cannot be read, `ConfigurationError` when
    /// its configuration cannot.
    // Compiled for the CLI's value too: unspecialized, the generic code copied every value through its witness table
    // (perf: a tenth of a 10,000-file run's serial part).
    @_specialize(where Value == ReportWriter.Prepared)
    /// `linter`: the file's linter, when the caller has looked it up already.
    public func lint<Value>(stream file: InputFile, kind: StreamKind, linter: Linter? = nil, headers: [HeaderOption] = [],
                            role: InputRole = .definition, fixing: FixOptions? = nil, jobs: Int? = nil, transform: @Sendable (consuming FileReport) -> Value,
                            consume: ([Value]) throws -> Void) throws -> SkippedFile? {
        let linter = try linter ?? self.linter(for: file.path)
        let descriptor = open(file.path, O_RDONLY)
        guard descriptor >= 0 else { throw InputError(path: file.path, reason: Inputs.reason(errno)) }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { throw InputError(path: file.path, reason: "is a directory") }
        var reader = RecordReader(descriptor: descriptor, path: file.path, kind: kind)
        if file.origin == .found, let reason = try Self.skipReason(&reader, kind: kind) {
            return SkippedFile(path: file.path, reason: reason)
        }
        try linter.lint(stream: &reader, kind: kind, fileName: file.path, headers: headers, path: absolutePath(file.path), role: role,
                        fixing: fixing, jobs: jobs, transform: transform, consume: consume)
        return nil
    }

    /// Why a stream a walk found is not linted (its first record does not look like a definition), or nil.
    static func streamSkipReason(_ file: InputFile, kind: StreamKind) throws(InputError) -> String? {
        let descriptor = open(file.path, O_RDONLY)
        guard descriptor >= 0 else { throw InputError(path: file.path, reason: Inputs.reason(errno)) }
        defer { close(descriptor) }
        var reader = RecordReader(descriptor: descriptor, path: file.path, kind: kind)
        return try skipReason(&reader, kind: kind)
    }

    private static func skipReason(_ reader: inout RecordReader, kind: StreamKind) throws(InputError) -> String? {
        guard let first = try reader.firstRecord() else { return nil }
        guard case .skip(let reason) = Admission.of(first.source, origin: .found, format: kind.recordFormat, fileName: nil) else { return nil }
        return "its first record: \(reason)"
    }
}
