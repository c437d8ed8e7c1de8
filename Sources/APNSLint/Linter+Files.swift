import APNSLintModel
import APNSLintSyntax
import Foundation

extension Linter {
    /// Reads and lints files in parallel with this linter; the results keep the order of `files`. (A `Workspace`
    /// gives each file the linter of its own configuration.)
    public func lint(files: [InputFile], headers: [HeaderOption] = [], role: InputRole = .definition) -> [Result<FileReport, InputError>] {
        Self.each(files, linters: { _ in self }, absolutePath: Paths.absolute) { linter, source, file, path in
            linter.lint(source, fileName: file.path, format: file.format, headers: headers, path: path, role: role)
        }
    }

    /// Reads and fixes files in parallel (nothing is written); the results keep the order of `files`.
    public func fix(files: [InputFile], headers: [HeaderOption] = [], options: FixOptions, role: InputRole = .definition)
        -> [Result<FixResult, InputError>] {
        Self.each(files, linters: { _ in self }, absolutePath: Paths.absolute) { linter, source, file, path in
            linter.fix(source, fileName: file.path, format: file.format, headers: headers, path: path, options: options, role: role)
        }
    }

    /// Reads each file and runs `body` with its linter, in parallel; the results keep the order of `files`.
    static func each<Value>(_ files: [InputFile], linters: (Int) -> Linter, absolutePath: @Sendable (String) -> String,
                            _ body: @Sendable (Linter, SourceText, InputFile, String) -> Value) -> [Result<Value, InputError>] {
        let linters = files.indices.map(linters)
        return Parallel.map(files.indices) { index in
            let file = files[index]
            return Result { () throws(InputError) in try Inputs.readFile(file.path) }
                .map { body(linters[index], SourceText(bytes: $0), file, absolutePath(file.path)) }
        }
    }
}

/// `map` over indexes on all cores, keeping the order.
enum Parallel {
    static func map<Value>(_ indices: Range<Int>, _ transform: @Sendable (Int) -> Value) -> [Value] {
        let results = ResultSlots<Value>(count: indices.count)
        DispatchQueue.concurrentPerform(iterations: indices.count) { offset in
            results.set(offset, transform(indices.lowerBound + offset))
        }
        return results.values
    }
}

/// Fixed slots written once each from concurrent workers.
private final class ResultSlots<Value>: @unchecked Sendable {
    private var slots: [Value?]
    private let lock = NSLock()

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ value: Value) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return slots.map { $0! }
    }
}
