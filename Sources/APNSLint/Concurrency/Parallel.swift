#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch

/// `map` over indexes on several threads, keeping the order: the one place apns-lint runs work in parallel. The threads
/// are Dispatch's (`concurrentPerform`, which also runs on the calling thread and returns once every worker is done).
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

    /// `transform` of every index on `jobs` threads, the results handed to `consume` a run of indexes at a time, in the
    /// order of `indices`, as soon as a run and every run before it are done: what is done with the results (writing a
    /// report) goes on while the others lint, rather than after them. `consume` is called on one thread at a time, not
    /// always the calling one. With one job, or one index, everything runs on the calling thread.
    static func forEachRun<Value>(_ indices: Range<Int>, jobs: Int? = nil, _ transform: @Sendable (Int) -> Value,
                                  consume: ([Value]) -> Void) {
        withoutActuallyEscaping(transform) { transform in
            forEachRun(indices, jobs: jobs, eachWorker: { transform }, consume: consume)
        }
    }

    /// The same, with the transform made by `makeTransform` on each worker's thread, once: what it captures is that
    /// worker's own (a reference all workers count on every item passes its cache line from core to core).
    ///
    /// Workers take the next run of indexes from a shared counter, so a slow item does not hold up the others' share;
    /// runs are small enough to leave every thread a share at the end, and long enough that taking one (a lock) is
    /// rare. A worker that finishes a run hands every finished run that is next in order to `consume`, unless another
    /// worker is doing so.
    static func forEachRun<Value>(_ indices: Range<Int>, jobs: Int? = nil, eachWorker makeTransform: @Sendable () -> (Int) -> Value,
                                  consume: ([Value]) -> Void) {
        guard !indices.isEmpty else { return }
        let jobs = min(max(1, jobs ?? defaultJobs), indices.count)
        let runLength = max(1, min(64, indices.count / (jobs * 16)))
        let runCount = (indices.count + runLength - 1) / runLength
        @Sendable func run(_ number: Int) -> Range<Int> {
            let start = indices.lowerBound + number * runLength
            return start..<min(indices.upperBound, start + runLength)
        }
        guard jobs > 1 else {
            let transform = makeTransform()
            for number in 0..<runCount { consume(run(number).map(transform)) }
            return
        }
        let board = RunBoard<Value>(count: runCount)
        withoutActuallyEscaping(consume) { consume in
            // Called by one worker at a time (`RunBoard.handOver`).
            let consumer = SerializedConsumer(consume: consume)
            DispatchQueue.concurrentPerform(iterations: jobs) { _ in
                // Made once the worker has a run: an iteration that starts after the others took every run makes none.
                // Held in a constant, never in an optional: a closure put into an optional and taken out again is
                // wrapped in a conversion thunk each way, so a worker that did so for every run called each item
                // through a chain of thunks as long as twice its runs (perf: a fifth of a two-thread log's time).
                guard var number = board.take() else { return }
                let transform = makeTransform()
                var made: [Int] = []
                while true {
                    board.release(&made)
                    board.finish(number, run(number).map(transform))
                    made.append(number)
                    board.handOver(to: consumer.consume)
                    guard let next = board.take() else { break }
                    number = next
                }
            }
        }
        // A run finished while another worker was handing over may be left: every worker is done now.
        board.handOver(to: consume)
    }
}

/// What `Parallel.forEachRun`'s workers hand results to: never called by two at once.
private struct SerializedConsumer<Value>: @unchecked Sendable {
    let consume: ([Value]) -> Void
}

/// The runs of `Parallel.forEachRun`: which to take next, the results of those finished, and which to hand over next.
/// Results are freed by the worker that made them, once handed over: freed by another thread, their memory went back
/// to the maker's malloc arena under its lock, and the threads queued on it (perf: a stream's run 9% slower).
private final class RunBoard<Value>: @unchecked Sendable {
    private let lock = Lock()
    /// Held by the worker handing results over, so `consume` runs on one thread at a time, in order.
    private let handing = Lock()
    private var next = 0
    private var finished: [[Value]?]
    /// The runs before this one have been handed over.
    private var handed = 0

    init(count: Int) {
        finished = Array(repeating: nil, count: count)
    }

    /// The next run to work on; nil when all are taken.
    func take() -> Int? {
        lock.withLock {
            guard next < finished.count else { return nil }
            next += 1
            return next - 1
        }
    }

    func finish(_ number: Int, _ values: [Value]) {
        lock.withLock { finished[number] = values }
    }

    /// Frees the results of the runs of `made` that have been handed over (on the calling thread, outside the lock),
    /// and removes them from `made`.
    func release(_ made: inout [Int]) {
        let freed = lock.withLock { () -> [[Value]?] in
            let count = made.prefix { $0 < handed }.count
            defer { made.removeFirst(count) }
            return made.prefix(count).map { number in
                defer { finished[number] = nil }
                return finished[number]
            }
        }
        _ = consume freed
    }

    /// Hands the finished runs that are next in order to `consume`; returns at once if another worker is doing so.
    func handOver(to consume: ([Value]) -> Void) {
        guard handing.tryLock() else { return }
        defer { handing.unlock() }
        while let values = lock.withLock({ handed < finished.count ? finished[handed] : nil }) {
            consume(values)
            lock.withLock { handed += 1 }
        }
    }
}

extension Parallel {
    /// Visits a tree whose nodes' children are known only once the node is visited (a directory's subdirectories), on
    /// `jobs` threads. Returns every node's value with the positions of its children in the result (the root first):
    /// the caller puts them in order.
    static func visitTree<Node, Value>(_ root: Node, jobs: Int? = nil, _ visit: @Sendable (Node) -> (value: Value, children: [Node]))
        -> [(value: Value, children: Range<Int>)] {
        let tree = TreeQueue<Node, Value>(root: root)
        // One node at a time on the calling thread while there is one to visit (a chain of single subdirectories).
        while tree.pendingCount == 1, let (position, node) = tree.take() {
            let (value, children) = visit(node)
            tree.finish(position, value, children: children)
        }
        let jobs = tree.pendingCount == 0 ? 1 : max(1, jobs ?? defaultJobs)
        DispatchQueue.concurrentPerform(iterations: jobs) { _ in
            while let (position, node) = tree.take() {
                let (value, children) = visit(node)
                tree.finish(position, value, children: children)
            }
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
    /// Runs `body` on a thread of its own that nobody waits for (a stream's reader, which blocks on its reads: a serial
    /// queue's work gets a thread even when the workers hold every core's).
    static func detachThread(_ body: @escaping @Sendable () -> Void) {
        DispatchQueue(label: "apns-lint.detached").async(execute: body)
    }
}
