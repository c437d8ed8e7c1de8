import APNSLint
import APNSLintGateway
import NIOConcurrencyHelpers
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The sandbox's state, shared by every connection: the gateway that answers, the log file, the recent requests the
/// pages show, and the counts the summary prints at shutdown.
public final class Sandbox: Sendable {
    public let gateway: APNsGateway
    private let log: LogFile?
    private let recentLimit: Int
    /// What `apns-lint check` needs besides the log to find what the sandbox found (`--app PATH`), for the summary.
    private let auditOptions: [String]
    private let state = NIOLockedValueBox(State())

    private struct State {
        /// Each recent request's log line, and whether it is JSON.
        var recent: [(line: [UInt8], isJSON: Bool)] = []
        var next = 0
        var requests = 0
        var answers: [String: Int] = [:]
        var rules: [String: Int] = [:]
    }

    /// - Parameters:
    ///   - logPath: the JSON Lines file every request is appended to; nil for none.
    ///   - recentLimit: how many requests `GET /requests` and the page keep (the oldest go first).
    ///   - auditOptions: the options `apns-lint check` needs besides the log to find what the sandbox found (`--app`).
    public init(gateway: APNsGateway, logPath: String?, recentLimit: Int = 500, auditOptions: [String] = []) throws {
        self.gateway = gateway
        self.log = try logPath.map(LogFile.init)
        self.recentLimit = max(recentLimit, 1)
        self.auditOptions = auditOptions
    }

    /// Answers `request` as APNs does, and records it.
    func answer(_ request: ProviderRequest) -> GatewayExchange {
        let exchange = gateway.answer(request)
        log?.append(exchange.logLine)
        state.withLockedValue { state in
            state.requests += 1
            state.answers["\(exchange.answer.status) \(exchange.answer.reason ?? "OK")", default: 0] += 1
            for diagnostic in exchange.diagnostics { state.rules["\(diagnostic.severity.rawValue) \(diagnostic.ruleID)", default: 0] += 1 }
            let entry = (exchange.logLine, exchange.logLineIsJSON)
            if state.recent.count < recentLimit {
                state.recent.append(entry)
            } else {
                state.recent[state.next] = entry
            }
            state.next = (state.next + 1) % recentLimit
        }
        return exchange
    }

    /// The recent requests' log lines, oldest first.
    var recent: [(line: [UInt8], isJSON: Bool)] {
        state.withLockedValue { state in
            state.recent.count < recentLimit ? state.recent : Array(state.recent[state.next...] + state.recent[..<state.next])
        }
    }

    /// Writes what the log holds so far to its file.
    public func flush() { log?.flush() }

    /// What the sandbox saw, for stderr at shutdown: requests by answer, findings by rule.
    public var summary: String {
        state.withLockedValue { state in
            var lines = ["apns-lint-sandbox: \(state.requests) request\(state.requests == 1 ? "" : "s")"]
            for (answer, count) in state.answers.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) {
                lines.append("  \(count) × \(answer)")
            }
            if !state.rules.isEmpty {
                lines.append("findings:")
                for (rule, count) in state.rules.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) {
                    lines.append("  \(count) × \(rule)")
                }
            }
            if let log { lines.append("log: \(log.path) (audit it with: apns-lint check \((auditOptions + [log.path]).joined(separator: " ")))") }
            return lines.joined(separator: "\n")
        }
    }

    // MARK: Pages

    /// `[line,\nline,…]\n`: log lines as a JSON array, one a line, as they were logged; a line that is not JSON (its
    /// body was not) is given as a string, so the array stays JSON.
    static func jsonArray(of lines: [(line: [UInt8], isJSON: Bool)]) -> [UInt8] {
        let array = JSONValue.array(lines.map { $0.isJSON ? .verbatim($0.line) : .string(String(decoding: $0.line, as: UTF8.self)) })
        return array.bytes(JSONValue.Style(indent: nil, colon: ":", comma: ",\n")) + [UInt8(ascii: "\n")]
    }

    struct Page {
        var contentType: String
        var body: [UInt8]
    }

    /// `/requests` (the recent requests as a JSON array of log lines) and `/` (the same, for a person).
    func page(at path: String) -> Page? {
        switch path {
        case "/requests":
            return Page(contentType: "application/json", body: Self.jsonArray(of: recent))
        case "/":
            return Page(contentType: "text/html; charset=utf-8", body: Array(RequestsPage.html(lines: recent.map(\.line)).utf8))
        default:
            return nil
        }
    }
}

/// The log: lines gathered in memory and written in blocks (a write per request would cost a system call each),
/// when a block fills, on `flush()`, and every second by the server.
final class LogFile: Sendable {
    let path: String
    private let descriptor: Int32
    private let pending = NIOLockedValueBox<[UInt8]>([])
    private static let blockSize = 1 << 16

    init(path: String) throws {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw SandboxError("cannot open the log \(path): \(String(cString: strerror(errno)))") }
    }

    deinit { close(descriptor) }

    func append(_ line: [UInt8]) {
        let full: [UInt8]? = pending.withLockedValue { pending in
            pending += line
            pending.append(0x0A)
            guard pending.count >= Self.blockSize else { return nil }
            defer { pending.removeAll(keepingCapacity: true) }
            return pending
        }
        if let full { write(full) }
    }

    func flush() {
        let bytes = pending.withLockedValue { pending in
            defer { pending.removeAll(keepingCapacity: true) }
            return pending
        }
        if !bytes.isEmpty { write(bytes) }
    }

    /// A failed write (a full disk, say) loses the block; the server goes on answering.
    private func write(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { DescriptorOutput.write($0, to: descriptor) }
    }
}

public struct SandboxError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
