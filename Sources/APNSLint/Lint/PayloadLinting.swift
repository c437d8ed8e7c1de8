import APNSLintModel
import APNSLintRules
import APNSLintSyntax
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

// The library API for a server: lint the request body it is about to send, before it sends it.

/// Why `Linter.lint(_:encoder:headers:)` has nothing to lint: the encoder failed, so there are no bytes to send.
///
/// It is returned as the failure of a `Result`, not thrown: linting never throws. A sender should treat it as
/// it treats an error finding, and not send.
public struct PayloadEncodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What the encoder said, e.g. "Unable to encode Double.nan directly in JSON."
    public let message: String
    /// Where in the value the encoder failed, as a JSON Pointer built from its coding path
    /// (`/aps/relevance-score`; array elements by index); the root (`""`) when the error says nowhere.
    public let pointer: JSONPointer

    public init(message: String, pointer: JSONPointer = .root) {
        self.message = message
        self.pointer = pointer
    }

    /// Reads an error thrown by `JSONEncoder.encode(_:)`: an `EncodingError` gives its coding path and debug
    /// description; any other error (thrown by a custom `encode(to:)`) its description, at the root.
    public init(_ error: any Error) {
        guard case EncodingError.invalidValue(_, let context) = error else {
            self.init(message: String(describing: error))
            return
        }
        self.init(message: context.debugDescription, pointer: JSONPointer(context.codingPath.map(Self.token)))
    }

    /// "cannot encode the payload at /aps/relevance-score: Unable to encode Double.nan directly in JSON."
    public var description: String {
        pointer == .root ? "cannot encode the payload: \(message)" : "cannot encode the payload at \(pointer): \(message)"
    }

    /// A coding key as a JSON Pointer token: an unkeyed container's key ("Index 2") is the index, "2".
    private static func token(_ key: any CodingKey) -> String {
        if let index = key.intValue, key.stringValue == "Index \(index)" { return String(index) }
        return key.stringValue
    }
}

extension Linter {
    /// The `fileName` of reports on a request body, which has no file.
    static let payloadFileName = "<payload>"

    /// Lints the exact bytes a server is about to send as the body of an APNs request.
    ///
    /// ```swift
    /// let body = Data(#"{"aps":{"content-available":1}}"#.utf8)
    /// let report = Linter().lint(payload: body, headers: ["apns-push-type": "background", "apns-priority": "10"])
    /// for diagnostic in report.diagnostics {
    ///     print(diagnostic.severity, diagnostic.ruleID, diagnostic.pointer, diagnostic.message)
    /// }
    /// // error background-priority-10 /headers/apns-priority priority 10 on a background push: apns-push-type is background, …
    /// if report.count(.error) == 0 { /* send body */ }
    /// ```
    ///
    /// - The bytes are read as JSON, exactly as they are: an invalid body is reported (`invalid-json`), not
    ///   repaired. They are the APNs request body, whatever keys they hold (`InputRole.requestBody`): never read as a
    ///   `headers`/`payload` envelope, nor as a definition in another library's dialect (node-apn, ADCK, apns_json),
    ///   whatever the linter's configuration or a `dialect` key in them says. Ranges in the diagnostics are byte
    ///   offsets into `payload`; `report.source` holds its bytes.
    /// - `headers` are the request headers, as a sender passes them to its HTTP client: names are
    ///   case-insensitive (`"APNS-Push-Type"` is `apns-push-type`), values are the text sent (`"10"`). A finding
    ///   about a header has no range (the header is not in the bytes), its pointer is `/headers/<name>`, and its
    ///   first note names the header as given. A header not given is not assumed: with no `apns-priority`,
    ///   no rule reads the payload as "priority 10". When two names differ only in case, the one that sorts
    ///   first (by its exact spelling) counts, and the other is reported (`duplicate-header`): HTTP/2 sends both, in
    ///   lowercase, and APNs answers 400 DuplicateHeaders.
    /// - The size rules count these bytes. When one of the `WireSerializer` styles writes the payload back
    ///   byte for byte (compact JSON as `JSONEncoder`, `JSONSerialization`, Python's `json.dumps` with compact
    ///   separators or Go's `encoding/json` produce it), the payload is measured in that style, so
    ///   `payload-too-large` and `payload-near-limit` count exactly `payload.count` bytes, whatever
    ///   `options.serializer` says. Otherwise (insignificant whitespace, a key written twice, escapes no one
    ///   style makes) they count the bytes as they are too ("as sent (the request body's bytes)"), and say how
    ///   much smaller compact UTF-8 would be: APNs counts what it receives.
    /// - Diagnostics are sorted by position, then rule id; the same bytes and headers always give the same
    ///   report. The linter holds no state, so one `Linter` serves any number of concurrent calls.
    ///
    /// - Parameters:
    ///   - payload: the request body, as it goes on the wire.
    ///   - headers: the request headers (`apns-push-type`, `apns-priority`, `apns-topic`, …).
    /// - Returns: the findings, with `fileName` `"<payload>"` and `format` `.json`.
    public func lint(payload: Data, headers: [String: String] = [:]) -> FileReport {
        // Copied through its buffer: `[UInt8](payload)` steps through the bytes one by one.
        let source = SourceText(bytes: payload.withUnsafeBytes { [UInt8]($0) })
        let headerOptions = Self.headerOptions(headers)
        // The body is what APNs gets: never an envelope, nor a definition in another system's dialect. It is measured as
        // the bytes it is (`Provenance.init(_:translation:role:serializer:body:)`).
        return lint(source, fileName: Self.payloadFileName, format: .json, headers: headerOptions, settings: settings(for: nil),
                    role: .requestBody, measuresBody: true)
    }

    /// Encodes `payload` with `encoder` and lints the bytes the encoder produced, as `lint(payload:headers:)`
    /// does: the size rules count those exact bytes, escapes included (`JSONEncoder` writes `/` as `\/` unless
    /// its `outputFormatting` has `.withoutEscapingSlashes`).
    ///
    /// ```swift
    /// struct Reminder: Encodable {
    ///     struct APS: Encodable { var alert: String; var sound = "default" }
    ///     var aps: APS
    ///     var url: String
    /// }
    /// let encoder = JSONEncoder()
    /// encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    /// switch Linter().lint(Reminder(aps: .init(alert: "Stand-up in 5 minutes"), url: "https://example.com/standup"),
    ///                      encoder: encoder, headers: ["apns-push-type": "alert", "apns-topic": "com.example.app"]) {
    /// case .failure(let error):
    ///     print(error)                                  // cannot encode the payload at /…: …
    /// case .success(let report) where report.count(.error) > 0:
    ///     report.diagnostics.forEach { print($0.ruleID, $0.message) }
    /// case .success(let report):
    ///     send(Data(report.source.bytes))               // exactly the bytes that were linted
    /// }
    /// ```
    ///
    /// Send the bytes that were linted (`report.source.bytes`) rather than encoding the value again: without
    /// `.sortedKeys`, `JSONEncoder` may order an object's keys differently on each call (it does on Linux), which
    /// changes the bytes, so the ranges in the report and the order of its diagnostics. The size, rule ids and
    /// pointers do not depend on key order; set `.sortedKeys` when the same value must give the same report.
    ///
    /// - Parameters:
    ///   - payload: the notification payload (an object with `aps` and custom keys beside it).
    ///   - encoder: the encoder the sender uses, with its settings (`outputFormatting`, date and data strategies).
    ///   - headers: the request headers; see `lint(payload:headers:)`.
    /// - Returns: the report on the encoded bytes, or `PayloadEncodingError` when the encoder throws (for
    ///   example for `Double.nan` under the default `nonConformingFloatEncodingStrategy`). Never throws.
    public func lint(_ payload: some Encodable, encoder: JSONEncoder = JSONEncoder(), headers: [String: String] = [:])
        -> Result<FileReport, PayloadEncodingError> {
        let data: Data
        do {
            data = try encoder.encode(payload)
        } catch {
            return .failure(PayloadEncodingError(error))
        }
        return .success(lint(payload: data, headers: headers))
    }

    /// Lints bytes, as `lint(payload:headers:)`. `Data` is `Encodable` (as a base64 string): without this
    /// overload, `lint(bytes)` would encode the bytes and lint the JSON string that makes.
    @available(*, deprecated, renamed: "lint(payload:headers:)")
    public func lint(_ payload: Data, headers: [String: String] = [:]) -> FileReport {
        lint(payload: payload, headers: headers)
    }

    /// Lints JSON text as the request body, as `lint(payload: Data(text.utf8), headers:)`. `String` is `Encodable`:
    /// without this overload, `lint(json, headers: […])` would encode the text and lint the JSON string that makes.
    @available(*, deprecated, message: "lint the request body's bytes: lint(payload: Data(text.utf8), headers:)")
    public func lint(_ text: String, headers: [String: String]) -> FileReport {
        lint(payload: Data(text.utf8), headers: headers)
    }

    /// The headers of a request as header options, in a fixed order (lowercased name, then name as written).
    /// Each is named by the key the caller gave.
    static func headerOptions(_ headers: [String: String]) -> [HeaderOption] {
        var options = headers.map { HeaderOption(requestHeader: $0.key, value: $0.value) }
        // A request has a few headers: an insertion sort by swaps moves the options, where `sort` copies them.
        for index in options.indices.dropFirst() {
            var place = index
            while place > 0, precedes(options[place].name, options[place - 1].name) {
                options.swapAt(place, place - 1)
                place -= 1
            }
        }
        return options
    }

    /// The order of header names: by lowercased name, then by name as written. ASCII names (all real ones) are
    /// compared byte by byte, without lowercased copies; others as strings.
    static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        func lowered(_ byte: UInt8) -> UInt8 {
            byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
        }
        // Through the strings' bytes (stepping through `utf8` decodes a small string again at every step); nil for
        // names that are not ASCII.
        let order: Bool? = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right -> Bool? in
                // The first difference as written decides when the lowercased names are equal.
                var asWritten: Bool?
                for index in 0..<min(left.count, right.count) {
                    let (a, b) = (left[index], right[index])
                    guard a < 0x80, b < 0x80 else { return nil }
                    if lowered(a) != lowered(b) { return lowered(a) < lowered(b) }
                    if asWritten == nil, a != b { asWritten = a < b }
                }
                return left.count != right.count ? left.count < right.count : asWritten ?? false
            } ?? nil
        } ?? nil
        return order ?? ((lowercasedKey(lhs), lhs) < (lowercasedKey(rhs), rhs))
    }
}
