import APNSLint
import Testing

/// Apple's documented sample payloads (Generating a remote notification; Pushing background updates; Modifying
/// content in newly delivered notifications; Starting and updating Live Activities with ActivityKit push
/// notifications; WidgetKit push), written out here. None of them may trigger any rule.
@Suite("Apple's documented sample payloads lint clean")
struct AppleSamplesTests {
    struct Sample: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        var headers: [String: String] = [:]
        var testDescription: String { name }
    }

    static let samples: [Sample] = [
        Sample(name: "alert with title, subtitle and body", text: """
            {"aps": {"alert": {"title": "Game Request", "subtitle": "Five Card Draw", "body": "Bob wants to play poker"},
                     "category": "GAME_INVITATION"},
             "gameID": "12345678"}
            """),
        Sample(name: "alert with badge and sound", text: """
            {"aps": {"alert": {"title": "Game Request", "body": "Bob wants to play poker"}, "badge": 9, "sound": "bingbong.aiff"},
             "acme1": "bar", "acme2": 42}
            """),
        Sample(name: "localized alert", text: """
            {"aps": {"alert": {"loc-key": "GAME_PLAY_REQUEST_FORMAT", "loc-args": ["Shelly", "Rick"]}}}
            """),
        Sample(name: "localized title and body", text: """
            {"aps": {"alert": {"title-loc-key": "REQUEST_TITLE", "loc-key": "REQUEST_FORMAT", "loc-args": ["Jenna", "Frank"]},
                     "sound": "chime.aiff"},
             "acme": "foo"}
            """),
        Sample(name: "background update", text: """
            {"aps": {"content-available": 1}, "acme1": "bar", "acme2": 42}
            """, headers: ["apns-push-type": "background", "apns-priority": "5"]),
        Sample(name: "notification service extension", text: """
            {"aps": {"category": "SECRET", "mutable-content": 1,
                     "alert": {"title": "Secret Message!", "body": "(Encrypted)"}},
             "ENCRYPTED_DATA": "Salted__·öîQÊ$UDì_¶Ù∞èΩ^¬%gq∞NÿÒQùw"}
            """),
        Sample(name: "thread and interruption level", text: """
            {"aps": {"alert": {"title": "Your order is ready"}, "thread-id": "orders",
                     "interruption-level": "time-sensitive", "relevance-score": 0.75}}
            """),
        Sample(name: "Live Activity update", text: """
            {"aps": {"timestamp": 1168364460, "event": "update",
                     "content-state": {"currentHealthLevel": 0.941, "eventDescription": "Power Panel has been knocked down!"},
                     "alert": {"title": {"loc-key": "%@ is knocked down!", "loc-args": ["Power Panel"]},
                               "body": {"loc-key": "Use a potion to heal %@!", "loc-args": ["Power Panel"]},
                               "sound": "HeroDown.mp4"}}}
            """, headers: ["apns-push-type": "liveactivity", "apns-topic": "com.example.adventure.push-type.liveactivity", "apns-priority": "10"]),
        Sample(name: "Live Activity start (push to start)", text: """
            {"aps": {"timestamp": 1168364460, "event": "start",
                     "content-state": {"currentHealthLevel": 100, "eventDescription": "Adventure has begun!"},
                     "attributes-type": "AdventureAttributes",
                     "attributes": {"currentHealthLevel": 100, "eventDescription": "Adventure has begun!"},
                     "alert": {"title": "Adventure has begun!", "body": "Your adventure is about to start.", "sound": "chime.aiff"}}}
            """, headers: ["apns-push-type": "liveactivity", "apns-topic": "com.example.adventure.push-type.liveactivity", "apns-priority": "10"]),
        Sample(name: "Live Activity end with dismissal date", text: """
            {"aps": {"timestamp": 1685952000, "event": "end", "dismissal-date": 1685959200,
                     "content-state": {"currentHealthLevel": 0, "eventDescription": "Adventure over!"}}}
            """, headers: ["apns-push-type": "liveactivity", "apns-topic": "com.example.adventure.push-type.liveactivity", "apns-priority": "10"]),
        Sample(name: "widgets", text: #"{"aps": {"content-changed": true}}"#,
               headers: ["apns-push-type": "widgets", "apns-topic": "com.example.weather.push-type.widgets"]),
        Sample(name: "controls", text: #"{"aps": {"content-changed": true}}"#,
               headers: ["apns-push-type": "controls", "apns-topic": "com.example.home.push-type.controls", "apns-priority": "10", "apns-expiration": "0"]),
        Sample(name: "MDM wake-up", text: #"{"mdm": "5E2C9A3F-7B1D-4E8A-9C6F-0D3B2A1E4F57"}"#,
               headers: ["apns-push-type": "mdm", "apns-topic": "com.apple.mgmt.External.2a7c1f6e-8d4b-4f0e-9a51-3c9d2b7e6a10"]),
        Sample(name: "Safari website push", text: """
            {"aps": {"alert": {"title": "Flight A998 Now Boarding", "body": "Boarding has begun for Flight A998.", "action": "View"},
                     "url-args": ["boarding", "A998"]}}
            """),
    ]

    @Test(arguments: samples)
    func sampleIsClean(_ sample: Sample) {
        let report = lint(sample.text, headers: sample.headers)
        #expect(report.diagnostics.isEmpty, "\(report.summary): \(report.diagnostics.map(\.message))")
    }

    @Test(arguments: samples)
    func sampleIsCleanInAnEnvelopeToo(_ sample: Sample) {
        guard !sample.headers.isEmpty else { return }
        let headers = sample.headers.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \"\($0.value)\"" }.joined(separator: ", ")
        let report = lint("{\"headers\": {\(headers)}, \"payload\": \(sample.text)}")
        #expect(report.diagnostics.isEmpty, "\(report.summary): \(report.diagnostics.map(\.message))")
    }
}
