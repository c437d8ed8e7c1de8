import APNSLint
import Foundation

// A notification service that lints each notification with the APNSLint library before it sends it, and
// refuses to send one with errors. Nothing goes over the network: "sending" prints the request body.
//
//     swift run SendingService [order-shipped | inbox-refresh | ranked-story]

/// An order service's notification: a parcel shipped.
struct OrderShipped: Encodable {
    struct APS: Encodable {
        struct Alert: Encodable {
            var title: String
            var body: String
        }

        var alert: Alert
        var sound = "default"
        var threadID: String

        enum CodingKeys: String, CodingKey {
            case alert, sound
            case threadID = "thread-id"
        }
    }

    var aps: APS
    var orderID: Int
    var trackingURL: String

    enum CodingKeys: String, CodingKey {
        case aps
        case orderID = "order-id"
        case trackingURL = "tracking-url"
    }
}

/// A mail app's silent push. Two mistakes Swift code makes: `content-available` modelled as a Bool (APNs wants
/// the number 1), and priority 10 (a background push must use 5).
struct InboxRefresh: Encodable {
    struct APS: Encodable {
        var contentAvailable = true

        enum CodingKeys: String, CodingKey {
            case contentAvailable = "content-available"
        }
    }

    var aps = APS()
    var mailbox: String
}

/// A news alert whose relevance score was never computed: JSON has no NaN, so the encoder fails.
struct RankedStory: Encodable {
    struct APS: Encodable {
        var alert: String
        var relevanceScore: Double

        enum CodingKeys: String, CodingKey {
            case alert
            case relevanceScore = "relevance-score"
        }
    }

    var aps: APS
}

struct SendingService {
    /// One linter for every notification: it holds no state, so concurrent requests can share it.
    let linter = Linter()
    let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        // Stable bytes (the same value always encodes the same way), and URLs without `\/`.
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// Lints the notification as it would go on the wire; sends it unless there is an error. True when sent.
    func send(_ notification: some Encodable, headers: [String: String], to deviceToken: String) -> Bool {
        switch linter.lint(notification, encoder: encoder, headers: headers) {
        case .failure(let error):
            print("refused: \(error)")
            return false
        case .success(let report):
            for diagnostic in report.diagnostics {
                let place = diagnostic.pointer == .root ? "" : "\(diagnostic.pointer): "
                print("\(diagnostic.severity): \(place)\(diagnostic.message) [\(diagnostic.ruleID)]")
            }
            let errors = report.count(.error)
            guard errors == 0 else {
                print("refused: \(errors) \(errors == 1 ? "error" : "errors"), not sent")
                return false
            }
            // Send exactly the bytes that were linted; a real service hands them and the headers to its HTTP/2 client.
            let body = Data(report.source.bytes)
            print("sent \(body.count) bytes to \(deviceToken.prefix(8))…: \(String(decoding: body, as: UTF8.self))")
            return true
        }
    }
}

let service = SendingService()
let deviceToken = "00fc13adff785122b4ad28809a3420982341241421348097878e577c991de8f0"
let sent: Bool
switch CommandLine.arguments.dropFirst().first ?? "order-shipped" {
case "order-shipped":
    let notification = OrderShipped(
        aps: .init(alert: .init(title: "Order 10452 shipped", body: "Two items arrive on Tuesday."), threadID: "orders-10452"),
        orderID: 10452, trackingURL: "https://example.com/track/10452")
    sent = service.send(notification, headers: ["apns-push-type": "alert", "apns-topic": "com.example.shop"], to: deviceToken)
case "inbox-refresh":
    sent = service.send(InboxRefresh(mailbox: "inbox"),
                        headers: ["apns-push-type": "background", "apns-priority": "10", "apns-topic": "com.example.mail"],
                        to: deviceToken)
case "ranked-story":
    let notification = RankedStory(aps: .init(alert: "Storm warning for the coast", relevanceScore: .nan))
    sent = service.send(notification, headers: ["apns-push-type": "alert", "apns-topic": "com.example.news"], to: deviceToken)
case let other:
    FileHandle.standardError.write(Data("unknown notification \(other); use order-shipped, inbox-refresh or ranked-story\n".utf8))
    exit(2)
}
exit(sent ? 0 : 1)
