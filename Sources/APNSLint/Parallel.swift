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
        // Indexes are handed out a run at a time: one lock for each item made the threads queue on it (items of a few
        // microseconds, a stream's records), while runs small enough leave every thread a share at the end.
        let next = Counter(count: indices.count, run: max(1, min(64, indices.count / (jobs * 16))))
        withoutActuallyEscaping(transform) { transform in
            let work = Work {
                while let run = next.take() {
                    for offset in run { results.set(offset, transform(indices.lowerBound + offset)) }
                }
            }
            // jobs - 1 threads of our own (Dispatch's pool can leave a late worker with nothing to take), joined before
            // returning, and the calling thread as the last worker.
            let threads = (1..<jobs).compactMap { _ in work.startThread() }
            work.body()
            for thread in threads { pthread_join(thread, nil) }
        }
        return results.values
    }
}

/// What each thread of `Parallel.map` runs.
private final class Work: @unchecked Sendable {
    let body: () -> Void

    init(_ body: @escaping () -> Void) {
        self.body = body
    }

    /// Runs `body` on a new thread with 8 MiB of stack (as the main thread has); nil when no thread could be made (the
    /// other workers take its share).
    func startThread() -> pthread_t? {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, 8 << 20)
        // The thread owns a reference until its body returns, so the work outlives no join.
        let context = Unmanaged.passRetained(self).toOpaque()
        #if canImport(Glibc)
        var thread = pthread_t()
        let created = pthread_create(&thread, &attributes, { context in
            Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, context)
        guard created == 0 else {
            Unmanaged<Work>.fromOpaque(context).release()
            return nil
        }
        return thread
        #else
        var thread: pthread_t?
        let created = pthread_create(&thread, &attributes, { context in
            Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
            return nil
        }, context)
        guard created == 0, let thread else {
            Unmanaged<Work>.fromOpaque(context).release()
            return nil
        }
        return thread
        #endif
    }
}

/// The runs of indexes still to hand out, shared by worker threads.
private final class Counter: @unchecked Sendable {
    private var value = 0
    private let count: Int
    private let run: Int
    private let lock = NSLock()

    init(count: Int, run: Int) {
        self.count = count
        self.run = run
    }

    /// The next run of offsets (`0..<count`), nil when all are taken.
    func take() -> Range<Int>? {
        lock.lock()
        defer { lock.unlock() }
        guard value < count else { return nil }
        let start = value
        value = min(count, value + run)
        return start..<value
    }
}

/// Fixed slots, each written once by one worker and read when every worker has been joined (the join orders the
/// writes before the reads): no lock.
private final class ResultSlots<Value>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Value?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    func set(_ index: Int, _ value: Value) {
        slots[index] = value
    }

    var values: [Value] { slots.map { $0! } }
}
