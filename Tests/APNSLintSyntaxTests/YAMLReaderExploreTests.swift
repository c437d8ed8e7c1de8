import APNSLintSyntax
import Foundation
import Testing

@Suite struct YAMLReaderExplore {
    @Test func explore() throws {
        let path = "/tmp/yx/inputs.txt"
        guard let all = try? String(contentsOfFile: path, encoding: .utf8) else { return }
        var out = ""
        for chunk in all.components(separatedBy: "\n=====\n") {
            let text = chunk.replacingOccurrences(of: "⏎", with: "\r")
            let source = SourceText(text)
            let r = YAMLReader.read(source)
            out += "### " + String(reflecting: text) + "\n"
            for d in r.documents { out += "  D " + dumpTree(d) + "\n" }
            for p in r.problems { out += "  P \(p.kind) \(String(reflecting: p.message)) @\(p.range) \(source.position(of: p.range.start)) help=\(String(reflecting: p.help ?? "-"))\n" }
        }
        try out.write(toFile: "/tmp/yx/out.txt", atomically: true, encoding: .utf8)
    }
}
