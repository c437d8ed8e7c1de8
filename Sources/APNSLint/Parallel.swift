import Foundation

/// `map` over indexes on several threads, keeping the order: the one place apns-lint runs work in parallel.
public enum Parallel {
    /// The number of threads to use when none is asked for: one per core the process may run on.
    public static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// `transform` of every index, on `jobs` threads (nil: `defaultJobs`); with one job, or one index, everything runs
    /// on the calling thread. Threads take the next index from a shared counter, so a slow item does not hold up the
    /// others' share, and the results keep the order of `indices` whatever order they finish in.
    static func map<Value>(_ indices: Range<Int>, jobs: Int? = nil, _ transform: @Sendable (Int) -> Value) -> [Value] {
        let jobs = min(max(1, jobs ?? defaultJobs), indices.count)
        if jobs <= 1 { return indices.map(transform) }
        let results = ResultSlots<Value>(count: indices.count)
        let next = Counter()
        // One iteration per job (Dispatch runs at most one per core at a time); each takes indexes until none is left.
        DispatchQueue.concurrentPerform(iterations: jobs) { _ in
            while case let offset = next.take(), offset < indices.count {
                results.set(offset, transform(indices.lowerBound + offset))
            }
        }
        return results.values
    }
}

/// The next index to hand out, shared by worker threads.
private final class Counter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()

    func take() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value - 1
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
