#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// `map` over indexes on several threads, keeping the order: the one place apns-lint runs work in parallel.
public enum Parallel {
    /// The number of threads to use when none is asked for: one per core the process may run on.
    public static let defaultJobs = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// `transform` of every index, on `jobs` threads (nil: `defaultJobs`); the results keep the order of `indices`
    /// whatever order they finish in. With one job, or one index, everything runs on the calling thread.
    static func map<Value>(_ indices: Range<Int>, jobs: Int? = nil, _ transform: @Sendable (Int) -> Value) -> [Value] {
        var values: [Value] = []
        values.reserveCapacity(indices.count)
        forEachRun(indices, jobs: jobs, transform) { values.append(contentsOf: $0) }
        return values
    }

    /// `transform` of every index on `jobs` threads (the calling thread and `jobs - 1` more), the results handed to
    /// `consume` on the calling thread a run at a time, in the order of `indices`, as soon as a run and every run before
    /// it are done: what is done with the results (writing a report) goes on while the others lint, rather than after
    /// them. With one job, or one index, everything runs on the calling thread.
    ///
    /// Workers take the next run of indexes from a shared queue, so a slow item does not hold up the others' share;
    /// runs are small enough to leave every thread a share at the end, and long enough that taking one (a lock) is
    /// rare: one lock for each item made two threads queue on it (items of a few microseconds, a stream's records).
    static func forEachRun<Value>(_ indices: Range<Int>, jobs: Int? = nil, _ transform: @Sendable (Int) -> Value,
                                  consume: ([Value]) -> Void) {
        withoutActuallyEscaping(transform) { transform in
            forEachRun(indices, jobs: jobs, eachWorker: { transform }, consume: consume)
        }
    }

    /// The same, with the transform made by `makeTransform` on each worker's thread, once: what it captures is that
    /// worker's own (a reference all workers count on every item passes its cache line from core to core).
    static func forEachRun<Value>(_ indices: Range<Int>, jobs: Int? = nil, eachWorker makeTransform: @Sendable () -> (Int) -> Value,
                                  consume: ([Value]) -> Void) {
        guard !indices.isEmpty else { return }
        let jobs = min(max(1, jobs ?? defaultJobs), indices.count)
        let runs = RunQueue(count: indices.count, runLength: max(1, min(64, indices.count / (jobs * 16))))
        if jobs <= 1 {
            let transform = makeTransform()
            for number in 0..<runs.count { consume(runs.offsets(of: number).map { transform(indices.lowerBound + $0) }) }
            return
        }
        let results = ResultSlots<Value>(count: indices.count)
        withoutActuallyEscaping(makeTransform) { makeTransform in
            let work = Work {
                fillRuns(runs, results, indices.lowerBound, makeTransform(), afterEachRun: {})
            }
            // Threads of our own (Dispatch's pool can leave a late worker with nothing to take), joined before returning;
            // the calling thread is one of the workers, and between its runs it hands the finished ones to `consume`: a
            // consumer thread of its own, woken every few runs, cost a context switch each time, on a core the workers
            // wanted.
            let threads = (1..<jobs).compactMap { _ in work.startThread() }
            var next = 0
            func consumeFinished() {
                while next < runs.count, runs.isFinished(next) {
                    runs.markConsumed(upTo: next)
                    consume(results.copy(runs.offsets(of: next)))
                    next += 1
                }
            }
            fillRuns(runs, results, indices.lowerBound, makeTransform(), afterEachRun: consumeFinished)
            while next < runs.count {
                runs.wait(for: next)
                consume(results.copy(runs.offsets(of: next)))
                next += 1
            }
            for thread in threads { pthread_join(thread, nil) }
            for number in runs.leftToConsumer { results.release(runs.offsets(of: number)) }
        }
    }

    /// A worker's loop: takes runs and fills their slots until none is left, calling `afterEachRun` after each. A worker
    /// releases the results it made once they are consumed: freed by the consumer, their memory went back to the
    /// worker's malloc arena under its lock, and the two threads queued on it (perf: most context switches of a
    /// 10,000-file run). What the consumer has not taken when the worker stops is released after the join.
    private static func fillRuns<Value>(_ runs: RunQueue, _ results: ResultSlots<Value>, _ lowerBound: Int, _ transform: (Int) -> Value,
                                        afterEachRun: () -> Void) {
        var made: [Int] = []
        var released = 0
        while let (number, consumed) = runs.take() {
            while released < made.count, made[released] < consumed {
                results.release(runs.offsets(of: made[released]))
                released += 1
            }
            for offset in runs.offsets(of: number) { results.set(offset, transform(lowerBound + offset)) }
            made.append(number)
            runs.finish(number)
            afterEachRun()
        }
        for number in made[released...] { runs.leaveToConsumer(number) }
    }
}

extension Parallel {
    /// Visits a tree whose nodes' children are known only once the node is visited (a directory's subdirectories), on
    /// `jobs` threads. Returns every node's value with the positions of its children in the result (the root first):
    /// the caller puts them in order. Threads are started only once there are two nodes to visit at a time.
    static func visitTree<Node, Value>(_ root: Node, jobs: Int? = nil, _ visit: @Sendable (Node) -> (value: Value, children: [Node]))
        -> [(value: Value, children: Range<Int>)] {
        let tree = TreeQueue<Node, Value>(root: root)
        // One node at a time on the calling thread while there is one to visit (a chain of single subdirectories).
        while tree.pendingCount == 1, let (position, node) = tree.take() {
            let (value, children) = visit(node)
            tree.finish(position, value, children: children)
        }
        let jobs = max(1, jobs ?? defaultJobs)
        withoutActuallyEscaping(visit) { visit in
            let work = Work {
                while let (position, node) = tree.take() {
                    let (value, children) = visit(node)
                    tree.finish(position, value, children: children)
                }
            }
            let threads = jobs == 1 || tree.pendingCount == 0 ? [] : (0..<jobs).compactMap { _ in work.startThread() }
            if threads.isEmpty { work.body() }
            for thread in threads { pthread_join(thread, nil) }
        }
        return tree.results
    }
}

/// The nodes of `Parallel.visitTree`: those waiting to be visited, and what each visit gave.
private final class TreeQueue<Node, Value>: @unchecked Sendable {
    private let condition = Condition()
    private var pending: [(position: Int, node: Node)]
    private var values: [(value: Value, children: Range<Int>)?] = [nil]
    /// Nodes being visited: while any is, a thread with nothing to take waits for its children.
    private var visiting = 0

    init(root: Node) {
        pending = [(0, root)]
    }

    var pendingCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return pending.count
    }

    /// A node to visit and its position; nil once every node is visited.
    func take() -> (Int, Node)? {
        condition.lock()
        defer { condition.unlock() }
        while pending.isEmpty {
            if visiting == 0 { return nil }
            condition.wait()
        }
        visiting += 1
        return pending.removeLast()
    }

    func finish(_ position: Int, _ value: Value, children: [Node]) {
        condition.lock()
        let first = values.count
        values[position] = (value, first..<first + children.count)
        values += repeatElement(nil, count: children.count)
        // Reversed, so that the first child is taken first (depth first, in order, on one thread).
        pending += zip(first..<first + children.count, children).reversed()
        visiting -= 1
        if !children.isEmpty || visiting == 0 { condition.broadcast() }
        condition.unlock()
    }

    /// Every node's value (all are visited).
    var results: [(value: Value, children: Range<Int>)] {
        values.map { $0! }
    }
}

extension Parallel {
    /// Runs `body` on a thread of its own that nobody joins (a stream's reader, which reads descriptors the caller
    /// opened: it keeps the caller's file table).
    static func detachThread(_ body: @escaping @Sendable () -> Void) {
        guard let thread = Work(body, ownFileTable: false).startThread() else {
            body()
            return
        }
        pthread_detach(thread)
    }
}

/// What each thread of `Parallel.map` runs.
private final class Work: @unchecked Sendable {
    let body: () -> Void
    /// Whether the thread detaches its file table first (`detachFileTable`).
    let ownFileTable: Bool

    init(_ body: @escaping () -> Void, ownFileTable: Bool = true) {
        self.body = body
        self.ownFileTable = ownFileTable
    }

    /// On Linux, gives the calling thread a file descriptor table of its own (`unshare(CLONE_FILES)`), as a process
    /// has: threads that share one take its lock to open and close each file, and count a reference on each file they
    /// read; two workers opening ten thousand files contended on both (2-3 ms of CPU a run, and the run's wall time
    /// 1.5%). The table starts as a copy, so the descriptors open before (standard input and output) stay usable; a
    /// worker closes every file it opens. Glibc's Swift module leaves `unshare` out (a GNU extension): it is looked up.
    static func detachFileTable() {
        #if os(Linux)
        _ = unshareFileTable?(cloneFiles)
        #endif
    }

    #if os(Linux)
    private static let unshareFileTable: (@convention(c) (Int32) -> Int32)? = dlsym(nil, "unshare").map {
        unsafeBitCast($0, to: (@convention(c) (Int32) -> Int32).self)
    }
    /// `CLONE_FILES` of <linux/sched.h>.
    private static let cloneFiles: Int32 = 0x400
    #endif

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
            let work = Unmanaged<Work>.fromOpaque(context!).takeRetainedValue()
            if work.ownFileTable { Work.detachFileTable() }
            work.body()
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
    /// The runs before this one have been consumed.
    private var consumed = 0
    private let condition = Condition()

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

    /// The next run to work on, nil when all are taken; and how many runs the consumer is done with (their results may
    /// be released).
    func take() -> (number: Int, consumed: Int)? {
        condition.lock()
        defer { condition.unlock() }
        guard next < count else { return nil }
        next += 1
        return (next - 1, consumed)
    }

    /// Runs whose results a worker left for the consumer to release: it stopped before they were consumed.
    private(set) var leftToConsumer: [Int] = []

    func leaveToConsumer(_ number: Int) {
        condition.lock()
        leftToConsumer.append(number)
        condition.unlock()
    }

    /// Whether run `number` is done (then what its worker wrote is visible here).
    func isFinished(_ number: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return finished[number]
    }

    /// The runs before `number` are consumed: their workers may release their results.
    func markConsumed(upTo number: Int) {
        condition.lock()
        consumed = number
        condition.unlock()
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
        // The runs before this one are consumed.
        consumed = number
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

/// Fixed slots, each written once by one worker, copied by the consumer after the worker said its run is done (the lock
/// of that orders the write before the read), then released by the worker once the consumer is done with it: no lock of
/// their own. A slot's memory is first touched by the worker that fills it.
private final class ResultSlots<Value>: @unchecked Sendable {
    private let slots: UnsafeMutablePointer<Value>
    private let count: Int

    init(count: Int) {
        slots = .allocate(capacity: count)
        self.count = count
    }

    deinit {
        // Every value was released by `release` (every run is released once, by its worker or after the join).
        slots.deallocate()
    }

    /// Fills slot `index`; each is filled exactly once, before it is taken.
    func set(_ index: Int, _ value: Value) {
        (slots + index).initialize(to: value)
    }

    /// The values of `range`, copied: the slots keep them until `release`.
    func copy(_ range: Range<Int>) -> [Value] {
        Array(UnsafeBufferPointer(start: slots + range.lowerBound, count: range.count))
    }

    /// Releases the values of `range`.
    func release(_ range: Range<Int>) {
        (slots + range.lowerBound).deinitialize(count: range.count)
    }
}
