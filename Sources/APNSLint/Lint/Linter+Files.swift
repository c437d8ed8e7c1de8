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

extension Linter {
    /// Reads and lints files in parallel with this linter; the results keep the order of `files`. (A `Workspace`
    /// gives each file the linter of its own configuration.)
    /// `jobs` is the number of threads (nil: one per core); the results are the same whatever it is.
    public func lint(files: [InputFile], headers: [HeaderOption] = [], role: InputRole = .definition, jobs: Int? = nil)
        -> [Result<FileReport, InputError>] {
        Self.each(files, linters: LinterTable(self), absolutePath: Paths.absolute, jobs: jobs) { linter, source, file, path in
            linter.lint(source, fileName: file.path, format: file.format, headers: headers, path: path, role: role)
        }
    }

    /// Reads and fixes files in parallel (nothing is written); the results keep the order of `files`.
    public func fix(files: [InputFile], headers: [HeaderOption] = [], options: FixOptions, role: InputRole = .definition,
                    jobs: Int? = nil) -> [Result<FixResult, InputError>] {
        Self.each(files, linters: LinterTable(self), absolutePath: Paths.absolute, jobs: jobs) { linter, source, file, path in
            linter.fix(source, fileName: file.path, format: file.format, headers: headers, path: path, options: options, role: role)
        }
    }

    /// Reads each file and runs `body` with its linter, in parallel; the results keep the order of `files`.
    static func each<Value>(_ files: [InputFile], linters: LinterTable, absolutePath: @Sendable (String) -> String, jobs: Int? = nil,
                            _ body: @Sendable (Linter, SourceText, InputFile, String) -> Value) -> [Result<Value, InputError>] {
        var results: [Result<Value, InputError>] = []
        results.reserveCapacity(files.count)
        each(files, linters: linters, absolutePath: absolutePath, jobs: jobs, body) { results.append(contentsOf: $0) }
        return results
    }

    /// The same, the results handed to `consume` a run at a time, in order, while later files are still being linted.
    static func each<Value>(_ files: [InputFile], linters: LinterTable, absolutePath: @Sendable (String) -> String, jobs: Int? = nil,
                            _ body: @Sendable (Linter, SourceText, InputFile, String) -> Value,
                            consume: ([Result<Value, InputError>]) -> Void) {
        withoutActuallyEscaping(body) { body in withoutActuallyEscaping(absolutePath) { absolutePath in
            Parallel.forEachRun(files.indices, jobs: jobs, eachWorker: {
                let linters = linters.unshared()
                return { index in
                    let file = files[index]
                    return Result { () throws(InputError) in try Inputs.readFile(file.path) }
                        .map { body(linters[index], SourceText(bytes: $0), file, absolutePath(file.path)) }
                }
            }, consume: consume)
        } }
    }
}
