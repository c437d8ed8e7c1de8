@testable import APNSLint
import Testing

/// Request headers are put in one fixed order, so two spellings of a name resolve the same way on every call.
@Suite("Order of request headers")
struct HeaderOrderTests {
    static let names = ["apns-priority", "APNS-Priority", "apns-Priority", "apns-push-type", "apns-pri", "APNS-PRI",
                        "a", "A", "", "b", "B", "apns-topic", "Ápns-topic", "ápns-topic", "apns-topic-é", "apns-topic-É", "z",
                        "apns-id", "apns-ID"]

    @Test("names compare by lowercased name, then as written, for every pair")
    func pairs() {
        for lhs in Self.names {
            for rhs in Self.names {
                #expect(Linter.precedes(lhs, rhs) == ((lowercasedKey(lhs), lhs) < (lowercasedKey(rhs), rhs)), "\(lhs) < \(rhs)")
            }
        }
    }

    @Test func optionsAreSorted() {
        let options = Linter.headerOptions(["apns-topic": "t", "APNS-Priority": "10", "apns-priority": "5", "Apns-Id": "x"])
        #expect(options.map(\.name) == ["Apns-Id", "APNS-Priority", "apns-priority", "apns-topic"])
    }
}
