import APNSLintModel
import APNSLintSyntax
import Foundation

extension Linter {
    /// Reads and lints files in parallel; the results keep the order of `files`.
    public func lint(files: [InputFile], headers: [HeaderOption] = []) -> [Result<FileReport, InputError>] {
        let results = ResultSlots<Result<FileReport, InputError>>(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let file = files[index]
            let result = Result { () throws(InputError) in try Inputs.readFile(file.path) }
                .map { lint(SourceText(bytes: $0), fileName: file.path, format: file.format, headers: headers) }
            results.set(index, result)
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

extension Linter {
    /// Reads and fixes files in parallel (nothing is written); the results keep the order of `files`.
    public func fix(files: [InputFile], headers: [HeaderOption] = [], options: FixOptions) -> [Result<FixResult, InputError>] {
        let results = ResultSlots<Result<FixResult, InputError>>(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let file = files[index]
            let result = Result { () throws(InputError) in try Inputs.readFile(file.path) }
                .map { fix(SourceText(bytes: $0), fileName: file.path, format: file.format, headers: headers, options: options) }
            results.set(index, result)
        }
        return results.values
    }
}
