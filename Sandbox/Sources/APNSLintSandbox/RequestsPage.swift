import APNSLint

/// The page at `/`: the recent requests, newest first, each with its answer, headers, payload and findings, for a
/// person watching a test run. It reloads itself every few seconds.
enum RequestsPage {
    static func html(lines: [[UInt8]]) -> String {
        var rows = ""
        for line in lines.reversed() {
            rows += "<tr><td><pre>\(escape(String(decoding: line, as: UTF8.self)))</pre></td></tr>\n"
        }
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="3">
            <title>apns-lint sandbox</title>
            <style>body{font-family:system-ui,sans-serif;margin:1.5em}pre{white-space:pre-wrap;word-break:break-all;margin:0}
            td{border-bottom:1px solid #ddd;padding:.4em 0}table{border-collapse:collapse;width:100%}</style></head>
            <body><h1>apns-lint sandbox</h1>
            <p>\(lines.count) recent request\(lines.count == 1 ? "" : "s"), newest first. Each line is what the log holds:
            the answer and findings under <code>response</code>, then the request as <code>apns-lint check</code> reads it.
            The same as JSON: <a href="/requests">/requests</a>.</p>
            <table>
            \(rows)</table></body></html>

            """
    }

    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
