@testable import APNSLint
import Foundation
import Synchronization
import Testing

@Suite("Parallel: work on several threads, results in order")
struct ParallelTests {
    @Test("map keeps the order of the indexes whatever the number of threads", arguments: [1, 2, 3, 8])
    func mapKeepsOrder(jobs: Int) {
        // Uneven work, so items finish out of order.
        let values = Parallel.map(0..<2_000, jobs: jobs) { index -> Int in
            if index % 97 == 0 { usleep(200) }
            return index * 3
        }
        #expect(values == (0..<2_000).map { $0 * 3 })
    }

    @Test("forEachRun hands every result to the consumer once, in order, in runs", arguments: [1, 2, 5])
    func forEachRunConsumesInOrder(jobs: Int) {
        var consumed: [Int] = []
        var runs = 0
        Parallel.forEachRun(10..<5_010, jobs: jobs, { index -> Int in
            if index % 251 == 0 { usleep(300) }
            return index
        }, consume: { run in
            #expect(!run.isEmpty)
            consumed += run
            runs += 1
        })
        #expect(consumed == Array(10..<5_010))
        // Runs of at most 64 items: the consumer is not called once for everything, nor once an item.
        #expect(runs >= 5_000 / 64)
        #expect(runs < 5_000)
    }

    @Test("no indexes: nothing is run or consumed")
    func emptyRange() {
        var calls = 0
        Parallel.forEachRun(0..<0, jobs: 4, { $0 }, consume: { _ in calls += 1 })
        #expect(calls == 0)
        #expect(Parallel.map(5..<5, jobs: 3) { $0 }.isEmpty)
    }

    @Test("values that own memory are moved to the consumer whole (each released once: no leak, no double free)")
    func ownedValues() {
        let values = Parallel.map(0..<3_000, jobs: 3) { String(repeating: "x", count: $0 % 40) + "\($0)" }
        #expect(values == (0..<3_000).map { String(repeating: "x", count: $0 % 40) + "\($0)" })
    }

    @Test("each worker makes its transform once, on its own thread; results and consume stay in order", arguments: [1, 2, 4])
    func eachWorkerMakesItsOwnTransform(jobs: Int) {
        let made = Mutex<[UInt]>([])
        let caller = pthread_self()
        var consumed: [Int] = []
        var consumedOnCaller = true
        Parallel.forEachRun(0..<3_000, jobs: jobs, eachWorker: {
            let thread = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(bitPattern: UInt(pthread_self()))))
            made.withLock { $0.append(thread) }
            // What the transform captures is this worker's: the thread that made it is the one that runs it.
            return { index in
                #expect(UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(bitPattern: UInt(pthread_self())))) == thread)
                if index % 211 == 0 { usleep(200) }
                return index * 2
            }
        }, consume: { run in
            consumedOnCaller = consumedOnCaller && pthread_equal(pthread_self(), caller) != 0
            consumed += run
        })
        #expect(consumed == (0..<3_000).map { $0 * 2 })
        #expect(consumedOnCaller)
        let threads = made.withLock { $0 }
        // One transform a thread: the calling thread's and one for each thread started.
        #expect(threads.count == jobs)
        #expect(Set(threads).count == jobs)
    }

    @Test("a started worker has a file table of its own: the caller's files are open in it, what it opens is not in the caller's")
    func workersHaveTheirOwnFileTable() throws {
        #if os(Linux)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-fd-\(UUID().uuidString)").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data("x".utf8)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let openedBefore = open(path, O_RDONLY)
        #expect(openedBefore >= 0)
        defer { close(openedBefore) }
        var status = stat()
        #expect(fstat(openedBefore, &status) == 0)
        let file = status
        let caller = pthread_self()
        // Left open on purpose by the worker: the descriptor, and whether the caller's was usable there.
        let left = Mutex<(descriptor: Int32, sawCallers: Bool)>((-1, false))
        Parallel.forEachRun(0..<64, jobs: 2, eachWorker: {
            let isStarted = pthread_equal(pthread_self(), caller) == 0
            return { index -> Int in
                guard isStarted else {
                    // Slow on the calling thread, so that the started worker takes some of the runs.
                    usleep(2_000)
                    return index
                }
                left.withLock { left in
                    guard left.descriptor < 0 else { return }
                    var status = stat()
                    left.sawCallers = fstat(openedBefore, &status) == 0 && status.st_ino == file.st_ino
                    left.descriptor = open(path, O_RDONLY)
                }
                return index
            }
        }, consume: { _ in })
        let (descriptor, sawCallers) = left.withLock { $0 }
        #expect(descriptor >= 0)
        #expect(sawCallers)
        // The worker's table went with its thread: the number it got is free here, or some other file's.
        let here = fstat(descriptor, &status) == 0 && status.st_ino == file.st_ino && status.st_dev == file.st_dev
        #expect(!here)
        if here { close(descriptor) }
        #endif
    }

    @Test("visitTree visits every node once and gives each its children's positions", arguments: [1, 2, 3, 8])
    func visitTreeVisitsEveryNode(jobs: Int) {
        // Node n has children 10n+1 ... 10n+k (k = n % 4 + 1 while n < 3,000): a tree of uneven fan-out and depth.
        let results = Parallel.visitTree(0, jobs: jobs) { node -> (value: Int, children: [Int]) in
            if node % 53 == 0 { usleep(100) }
            let children = node < 300 ? (1...(node % 4 + 1)).map { node * 10 + $0 } : []
            return (node, children)
        }
        #expect(results[0].value == 0)
        var seen: [Int] = []
        var pending = [0]
        while let position = pending.popLast() {
            let (value, children) = results[position]
            seen.append(value)
            let expected = value < 300 ? (1...(value % 4 + 1)).map { value * 10 + $0 } : []
            #expect(children.map { results[$0].value } == expected)
            pending += children
        }
        #expect(seen.count == results.count)
        #expect(Set(seen).count == seen.count)
    }
}
