@testable import APNSLint
import Foundation
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
}
