@testable import APNSLint
import Foundation
import Testing

/// A walk lists directories on several threads and puts what they hold in the order of the paths.
@Suite("Workspace: the order of a walk")
struct WalkOrderTests {
    /// Names whose order depends on "/" against ".", "-", " ", "!" and "0", non-ASCII names, nesting, and a directory of
    /// many files beside a deep one.
    static let names = [
        "a.json", "a/x.json", "a/b/c.json", "a/b.json", "a0.json", "a-b/y.json", "a-b.json", "a.b/q.json", "ab.json",
        "A.json", "A/z.yaml", "Z.json", "é.json", "é/1.json", "e/é.json", "日本.json", "日本/語.json", "a b/c.json", "a_b.json",
        "a!/x.json", "a~.json", "z/log.jsonl", "z/y/big.yaml", "0/1/2/3.json", "0.json", "01.json", "0-/x.json", "m.ndjson",
        "deep/1/2/3/4/5/6/7/8/9/leaf.json", ".hidden/skipped.json", "notes.txt",
    ] + (0..<150).map { "many/f\($0).json" } + (0..<40).map { "many/g/f\($0).yaml" } + (0..<30).map { "wide/d\($0)/x.json" }

    static func tree() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-walk-\(UUID().uuidString)")
        for name in names {
            let url = directory.appendingPathComponent("tree/" + name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(#"{"aps": {"alert": "Hi"}}"#.utf8).write(to: url)
        }
        return directory
    }

    static var expected: [String] {
        names.filter { !$0.hasPrefix(".") && !$0.hasSuffix(".txt") }.map { "tree/" + $0 }.sorted()
    }

    @Test("the files come in the order of their paths, on any number of threads", arguments: [1, 2, 4, 16])
    func walkOrderIsThePathsSortedOrder(jobs: Int) throws {
        let directory = try Self.tree()
        defer { try? FileManager.default.removeItem(at: directory) }
        let workspace = Workspace(source: .none, currentDirectory: directory.path)
        let (files, errors) = try workspace.collect(["tree"], jobs: jobs)
        #expect(errors.isEmpty)
        #expect(files.map(\.path) == Self.expected)
        // Streams are known by their names, as before the walk ran on threads.
        #expect(files.filter { $0.stream != nil }.map(\.path) == ["tree/m.ndjson", "tree/z/log.jsonl"])
        #expect(files.allSatisfy { $0.origin == .found })
    }

    @Test("a walk from '.' and from an absolute path find the same files, named as the user wrote the start")
    func startsAsWritten() throws {
        let directory = try Self.tree()
        defer { try? FileManager.default.removeItem(at: directory) }
        let root = directory.appendingPathComponent("tree").path
        let fromDot = try Workspace(source: .none, currentDirectory: root).collect(["."], jobs: 3).files.map(\.path)
        let fromRoot = try Workspace(source: .none, currentDirectory: "/").collect([root + "/"], jobs: 3).files.map(\.path)
        #expect(fromDot == Self.expected.map { String($0.dropFirst("tree/".count)) })
        #expect(fromRoot == Self.expected.map { root + "/" + $0.dropFirst("tree/".count) })
    }
}
