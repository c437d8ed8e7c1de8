import Foundation

/// `map` over indexes on several threads, keeping the order: the one place apns-lint runs work in parallel.
public enum Parallel {
    /// The number of threads to use when none is asked for: one per core the process may run on.
    public static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// `transform` of every index, on `jobs` threads (nil: `defaultJobs`); the results keep the order of `indices`
    /// whatever order they finish in. With one job, or one index, everything runs on the calling thread.
    static func map<Value>(_ indices: Range<Int>, jobs: Int? = nil, _ transform: @Sendable (Int) -> Value) -> [Value] {
        var values: [Value] = []
        values.reserveCapacity(indices.count)
        forEachRun(indices, jobs: jobs, transform) { values.append(contentsOf: $0) }
        return values
    }

    /// `transform` of every index on `jobs` worker threads, the results handed to `consume` on the calling thread a run
    /// at a time, in the order of `indices`, as soon as a run and every run before it are done: what is done with the
    /// results (writing a report) goes on while the workers lint, rather than after them. With one job, or one index,
    /// everything runs on the calling thread.
    ///
    /// Workers take the next run of indexes from a shared queue, so a slow item does not hold up the others' share;
    /// runs are small enough to leave every thread a share at the end, and long enough that taking one (a lock) is
    /// rare: one lock for each item made two threads queue on it (items of a few microseconds, a stream's records).
    static func forEachRun<Value>(_ indices: Range<Int>, jobs: Int? = nil, _ transform: @Sendable (Int) -> Value,
                                  consume: ([Value]) -> Void) {
        guard !indices.isEmpty else { return }
        let jobs = min(max(1, jobs ?? defaultJobs), indices.count)
        let runs = RunQueue(count: indices.count, runLength: max(1, min(64, indices.count / (jobs * 16))))
        if jobs <= 1 {
            for number in 0..<runs.count { consume(runs.offsets(of: number).map { transform(indices.lowerBound + $0) }) }
            return
        }
        let results = ResultSlots<Value>(count: indices.count)
        withoutActuallyEscaping(transform) { transform in
            let work = Work {
                while let number = runs.take() {
                    for offset in runs.offsets(of: number) { results.set(offset, transform(indices.lowerBound + offset)) }
                    runs.finish(number)
                }
            }
            // Threads of our own (Dispatch's pool can leave a late worker with nothing to take), joined before returning.
            let threads = (0..<jobs).compactMap { _ in work.startThread() }
            if threads.isEmpty { work.body() }
            for number in 0..<runs.count {
                runs.wait(for: number)
                consume(results.take(runs.offsets(of: number)))
            }
            for thread in threads { pthread_join(thread, nil) }
        }
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

/// The runs of indexes to hand out to workers, and which of them are done.
private final class RunQueue: @unchecked Sendable {
    /// The number of runs.
    let count: Int
    private let total: Int
    private let runLength: Int
    private var next = 0
    private var finished: [Bool]
    /// The run the consumer is waiting for, or -1: its worker wakes it.
    private var awaited = -1
    private let condition = NSCondition()

    init(count total: Int, runLength: Int) {
        self.total = total
        self.runLength = runLength
        count = (total + runLength - 1) / runLength
        finished = Array(repeating: false, count: count)
    }

    /// The offsets of run `number`.
    func offsets(of number: Int) -> Range<Int> {
        number * runLength..<min(total, (number + 1) * runLength)
    }

    /// The next run to work on, nil when all are taken.
    func take() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        guard next < count else { return nil }
        next += 1
        return next - 1
    }

    /// Marks run `number` done (its results are in their slots).
    func finish(_ number: Int) {
        condition.lock()
        finished[number] = true
        if awaited == number { condition.signal() }
        condition.unlock()
    }

    /// Waits until run `number` is done; what its worker wrote is then visible here. When it is not, sleeps until a
    /// few runs more are too (or the last one): the consumer is faster than the workers, and waking it for every run
    /// cost a context switch each (ten thousand a second on a stream).
    func wait(for number: Int) {
        condition.lock()
        if !finished[number] {
            let wakeAt = min(number + 3, count - 1)
            // Always an unfinished run, which its worker will finish and signal.
            while let unfinished = !finished[wakeAt] ? wakeAt : !finished[number] ? number : nil {
                awaited = unfinished
                condition.wait()
            }
            awaited = -1
        }
        condition.unlock()
    }
}

/// Fixed slots, each written once by one worker and moved out once by the consumer after the worker said its run is
/// done (the lock of that orders the write before the read): no lock of their own. A slot's memory is first touched
/// by the worker that fills it.
private final class ResultSlots<Value>: @unchecked Sendable {
    private let slots: UnsafeMutablePointer<Value>
    private let count: Int

    init(count: Int) {
        slots = .allocate(capacity: count)
        self.count = count
    }

    deinit {
        // Every value was moved out by `take` (the consumer takes every run).
        slots.deallocate()
    }

    /// Fills slot `index`; each is filled exactly once, before it is taken.
    func set(_ index: Int, _ value: Value) {
        (slots + index).initialize(to: value)
    }

    /// The values of `range`, moved out: a copy of each, then its release, were a serial part of a many-file run.
    func take(_ range: Range<Int>) -> [Value] {
        Array(unsafeUninitializedCapacity: range.count) { buffer, initialized in
            buffer.baseAddress!.moveInitialize(from: slots + range.lowerBound, count: range.count)
            initialized = range.count
        }
    }
}
