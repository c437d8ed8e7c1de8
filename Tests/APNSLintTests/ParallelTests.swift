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

    @Test("each worker makes its transform once, on its own thread; consume is called by one thread at a time, in order",
          arguments: [1, 2, 4])
    func eachWorkerMakesItsOwnTransform(jobs: Int) {
        let made = Mutex<[UInt]>([])
        let consuming = Mutex(false)
        var consumed: [Int] = []
        var overlapped = false
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
            overlapped = overlapped || consuming.withLock { busy in defer { busy = true }; return busy }
            usleep(50)
            consumed += run
            consuming.withLock { $0 = false }
        })
        #expect(consumed == (0..<3_000).map { $0 * 2 })
        #expect(!overlapped)
        let threads = made.withLock { $0 }
        // One transform a worker, each on a thread of its own; at most `jobs` (and one with one job).
        #expect(Set(threads).count == threads.count)
        #expect((1...jobs).contains(threads.count))
        if jobs == 1 { #expect(threads == [UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(bitPattern: UInt(pthread_self()))))]) }
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
