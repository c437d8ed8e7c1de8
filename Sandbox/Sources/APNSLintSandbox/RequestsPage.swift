import APNSLint

/// The page at `/`: the recent requests, newest first, each decoded from its log line: the answer, the device token,
/// the headers, the payload as it came, and the findings. It reloads itself every few seconds.
enum RequestsPage {
    static func html(lines: [[UInt8]]) -> String {
        var rows = ""
        for line in lines.reversed() { rows += row(line) }
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="3">
            <title>apns-lint sandbox</title>
            <style>body{font-family:system-ui,sans-serif;margin:1.5em}table{border-collapse:collapse;width:100%}
            th,td{border-bottom:1px solid #ddd;padding:.4em;vertical-align:top;text-align:left}
            pre{white-space:pre-wrap;word-break:break-all;margin:0}.ok{color:#176f2c}.bad{color:#b3261e}
            ul{margin:0;padding-left:1.2em}</style></head>
            <body><h1>apns-lint sandbox</h1>
            <p>\(lines.count) recent request\(lines.count == 1 ? "" : "s"), newest first. As JSON:
            <a href="/requests">/requests</a>; the whole run: the log, which <code>apns-lint check</code> audits.</p>
            <table><tr><th>answer</th><th>request</th><th>headers</th><th>payload</th><th>findings</th></tr>
            \(rows)</table></body></html>

            """
    }

    /// One request's row, from its log line.
    static func row(_ line: [UInt8]) -> String {
        let source = SourceText(bytes: line)
        guard let entry = JSONReader.read(source).documents.first, let response = entry.member("response")?.value else {
            return "<tr><td colspan=\"5\"><pre>\(escape(String(decoding: line, as: UTF8.self)))</pre></td></tr>\n"
        }
        func text(_ node: DocumentNode?) -> String { node.map { String(decoding: line[$0.range.start..<$0.range.end], as: UTF8.self) } ?? "" }
        let status = response.member("status")?.value.number?.intValue ?? 0
        let reason = response.member("reason")?.value.string
        let answer = "<span class=\"\(status == 200 ? "ok" : "bad")\">\(status)\(reason.map { " " + escape($0) } ?? "")</span>"
        let request = [response.member("method")?.value.string, response.member("path")?.value.string, response.member("received")?.value.string]
            .compactMap { $0.map(escape) }.joined(separator: "<br>")
        let headers = (entry.member("headers")?.value.members ?? []).map { "\(escape($0.key)): \(escape($0.value.string ?? text($0.value)))" }
            .joined(separator: "<br>")
        let findings = (response.member("findings")?.value.elements ?? []).map { finding -> String in
            let label = [finding.member("severity")?.value.string, finding.member("rule")?.value.string ?? finding.member("reason")?.value.string]
                .compactMap { $0 }.joined(separator: " ")
            return "<li><b>\(escape(label))</b> \(escape(finding.member("message")?.value.string ?? ""))</li>"
        }.joined()
        return "<tr><td>\(answer)</td><td>\(request)</td><td>\(headers)</td><td><pre>\(escape(text(entry.member("payload")?.value)))</pre></td>"
            + "<td>\(findings.isEmpty ? "" : "<ul>\(findings)</ul>")</td></tr>\n"
    }

    /// HTML text is escaped as XML text is.
    static func escape(_ text: String) -> String { XMLText.escaped(text) }
}
