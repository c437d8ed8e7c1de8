import Foundation

/// A small deterministic random number generator (xorshift64*), so every run writes the same corpus.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed == 0 ? 1 : seed
    }

    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }
}

/// One generated definition file: its text, its extension, and the rule it is meant to break (nil: it must
/// lint clean).
struct CorpusFile {
    let text: String
    let fileExtension: String
    let expectedRule: String?
}

/// Generates definition files of the kinds people keep: bare alert payloads, envelopes with headers, background
/// updates, localized alerts, VoIP pushes; in JSON and YAML; most of them good, some with a typical mistake.
enum Corpus {
    /// The typical alert payload of the library figure: about 300 bytes of compact JSON.
    static let typicalPayload = #"{"aps":{"alert":{"title":"Your order has shipped","body":"Two items from order #10452 are on their way and arrive on Tuesday, 14 May. Tap to follow the parcel."},"badge":3,"sound":"default","thread-id":"orders-10452"},"order-id":"10452","deep-link":"myapp://orders/10452?ref=push&campaign=shipping-update"}"#

    /// File `index` of a corpus: three in ten break a rule, one in five is YAML.
    static func file(_ index: Int) -> CorpusFile {
        var random = SeededGenerator(seed: UInt64(index) &* 0x2545_F491_4F6C_DD1D &+ 1)
        let words = Words(random: &random)
        let yaml = index % 5 == 4
        if index % 10 < 3 {
            let mistake = bad[(index / 10) % bad.count]
            return CorpusFile(text: yaml ? mistake.yaml(words) : mistake.json(words), fileExtension: yaml ? "yaml" : "json",
                              expectedRule: mistake.rule)
        }
        let template = good[(index / 10) % good.count]
        return CorpusFile(text: yaml ? template.yaml(words) : template.json(words), fileExtension: yaml ? "yaml" : "json",
                          expectedRule: nil)
    }

    /// The values that vary from file to file.
    struct Words: Sendable {
        let name: String
        let item: String
        let id: Int
        let badge: Int
        let topic: String

        init(random: inout SeededGenerator) {
            let names = ["Jenna", "Omar", "Lucía", "Wei", "Priya", "Tomás", "Anna", "Kofi", "Mei", "Sven"]
            let items = ["order", "parcel", "booking", "ticket", "invoice", "reservation"]
            name = names.randomElement(using: &random)!
            item = items.randomElement(using: &random)!
            id = Int.random(in: 10_000...99_999, using: &random)
            badge = Int.random(in: 1...20, using: &random)
            topic = "com.example." + ["shop", "travel", "games", "bank"].randomElement(using: &random)!
        }
    }

    struct Template: Sendable {
        let rule: String?
        let json: @Sendable (Words) -> String
        let yaml: @Sendable (Words) -> String
    }

    static let good: [Template] = [
        Template(rule: nil, json: { w in
            """
            {
              "aps": {
                "alert": {
                  "title": "Your \(w.item) has shipped",
                  "body": "\(w.name), \(w.item) #\(w.id) is on its way and arrives Tuesday."
                },
                "badge": \(w.badge),
                "sound": "default",
                "thread-id": "\(w.item)s"
              },
              "\(w.item)-id": "\(w.id)"
            }

            """
        }, yaml: { w in
            """
            # \(w.item) update
            aps:
              alert:
                title: Your \(w.item) has shipped
                body: \(w.name), \(w.item) \(w.id) is on its way.
              badge: \(w.badge)
              sound: default
            \(w.item)-id: '\(w.id)'

            """
        }),
        Template(rule: nil, json: { w in
            """
            {
              "headers": {
                "apns-push-type": "alert",
                "apns-priority": 10,
                "apns-topic": "\(w.topic)",
                "apns-collapse-id": "\(w.item)-\(w.id)"
              },
              "payload": {
                "aps": {"alert": {"title": "Hello \(w.name)", "body": "Your \(w.item) is ready."}, "sound": "default"},
                "ref": "\(w.id)"
              }
            }

            """
        }, yaml: { w in
            """
            headers:
              apns-push-type: alert
              apns-priority: 10
              apns-topic: \(w.topic)
            payload:
              aps:
                alert:
                  title: Hello \(w.name)
                  body: Your \(w.item) is ready.
                sound: default

            """
        }),
        Template(rule: nil, json: { w in
            """
            {
              "headers": {"apns-push-type": "background", "apns-priority": 5, "apns-topic": "\(w.topic)"},
              "payload": {"aps": {"content-available": 1}, "sync": "\(w.item)s", "since": \(w.id)}
            }

            """
        }, yaml: { w in
            """
            headers:
              apns-push-type: background
              apns-priority: 5
              apns-topic: \(w.topic)
            payload:
              aps:
                content-available: 1
              sync: \(w.item)s

            """
        }),
        Template(rule: nil, json: { w in
            """
            {
              "aps": {
                "alert": {"loc-key": "\(w.item.uppercased())_SHIPPED", "loc-args": ["\(w.name)", "\(w.id)"]},
                "badge": \(w.badge)
              }
            }

            """
        }, yaml: { w in
            """
            aps:
              alert:
                loc-key: \(w.item.uppercased())_SHIPPED
                loc-args: [\(w.name), '\(w.id)']
              badge: \(w.badge)

            """
        }),
    ]

    static let bad: [Template] = [
        Template(rule: "background-priority-10", json: { w in
            """
            {
              "headers": {"apns-push-type": "background", "apns-priority": 10, "apns-topic": "\(w.topic)"},
              "payload": {"aps": {"content-available": 1}, "sync": "\(w.item)s"}
            }

            """
        }, yaml: { w in
            """
            headers:
              apns-push-type: background
              apns-priority: 10
              apns-topic: \(w.topic)
            payload:
              aps:
                content-available: 1

            """
        }),
        Template(rule: "loc-args-without-loc-key", json: { w in
            """
            {"aps": {"alert": {"body": "\(w.name) sent you a \(w.item)", "loc-args": ["\(w.name)"]}, "badge": \(w.badge)}}

            """
        }, yaml: { w in
            """
            aps:
              alert:
                body: \(w.name) sent you a \(w.item)
                loc-args: [\(w.name)]

            """
        }),
        Template(rule: "content-available-not-1", json: { w in
            """
            {"aps": {"content-available": true}, "\(w.item)": \(w.id)}

            """
        }, yaml: { w in
            """
            aps:
              content-available: true
            \(w.item): \(w.id)

            """
        }),
        Template(rule: "badge-invalid", json: { w in
            """
            {"aps": {"alert": "\(w.name): your \(w.item) is ready", "badge": "\(w.badge)"}}

            """
        }, yaml: { w in
            """
            aps:
              alert: '\(w.name): your \(w.item) is ready'
              badge: '\(w.badge)'

            """
        }),
        Template(rule: "unknown-aps-key", json: { w in
            """
            {"aps": {"alert": "Your \(w.item) \(w.id) shipped", "sounds": "default"}}

            """
        }, yaml: { w in
            """
            aps:
              alert: Your \(w.item) \(w.id) shipped
              sounds: default

            """
        }),
        Template(rule: "invalid-json", json: { w in
            """
            {
              "aps": {
                "alert": "Your \(w.item) \(w.id) shipped",
                "badge": \(w.badge),
              }
            }

            """
        }, yaml: { w in
            """
            aps:
              alert: "Your \(w.item) \(w.id) shipped
              badge: \(w.badge)

            """
        }),
        Template(rule: "duplicate-key", json: { w in
            """
            {"aps": {"alert": "Hi \(w.name)", "badge": 1, "sound": "default", "badge": \(w.badge)}}

            """
        }, yaml: { w in
            """
            aps:
              alert: Hi \(w.name)
              badge: 1
              badge: \(w.badge)

            """
        }),
        Template(rule: "collapse-id-too-long", json: { w in
            """
            {
              "headers": {"apns-push-type": "alert", "apns-collapse-id": "\(String(repeating: w.item, count: 12))-\(w.id)"},
              "payload": {"aps": {"alert": "Update to your \(w.item)"}}
            }

            """
        }, yaml: { w in
            """
            headers:
              apns-push-type: alert
              apns-collapse-id: \(String(repeating: w.item, count: 12))-\(w.id)
            payload:
              aps:
                alert: Update to your \(w.item)

            """
        }),
    ]

    /// Line `index` of a send log in JSON Lines: what a backend records of each push it sent, a request (headers, device
    /// token, payload) or a bare payload on one line of compact JSON, 150 to 400 bytes. One line in a hundred holds a
    /// typical mistake (`logMistakeRule`); the others lint clean.
    static func logLine(_ index: Int) -> String {
        var random = SeededGenerator(seed: UInt64(index) &* 0x9E37_79B9_7F4A_7C15 &+ 7)
        let w = Words(random: &random)
        let token = String(format: "%016llx%016llx%016llx%016llx", random.next(), random.next(), random.next(), random.next())
        if index % 100 == 99 {
            switch (index / 100) % 3 {
            case 0: return #"{"aps":{"alert":{"title":"Your \#(w.item)","body":"Ready"},"badge":"\#(w.badge)"},"ref":"\#(w.id)"}"#
            case 1: return #"{"headers":{"apns-push-type":"alert","apns-topic":"\#(w.topic)"},"device-token":"\#(token)","payload":{"aps":{"alert":{"loc-args":["\#(w.name)"]}}}}"#
            default: return #"{"headers":{"apns-push-type":"alert","apns-topic":"\#(w.topic)","apns-collapse-id":"\#(String(repeating: w.item, count: 12))-\#(w.id)"},"payload":{"aps":{"alert":"Update to your \#(w.item)"}}}"#
            }
        }
        switch index % 4 {
        case 0:
            return #"{"aps":{"alert":{"title":"Your \#(w.item) has shipped","body":"\#(w.name), \#(w.item) #\#(w.id) is on its way and arrives on Tuesday."},"badge":\#(w.badge),"sound":"default","thread-id":"\#(w.item)s"},"\#(w.item)-id":"\#(w.id)","deep-link":"myapp://\#(w.item)s/\#(w.id)?ref=push"}"#
        case 1:
            return #"{"headers":{"apns-push-type":"alert","apns-priority":10,"apns-topic":"\#(w.topic)","apns-collapse-id":"\#(w.item)-\#(w.id)"},"device-token":"\#(token)","payload":{"aps":{"alert":{"title":"Hello \#(w.name)","body":"Your \#(w.item) is ready."},"sound":"default"},"ref":"\#(w.id)"}}"#
        case 2:
            return #"{"headers":{"apns-push-type":"background","apns-priority":5,"apns-topic":"\#(w.topic)"},"device-token":"\#(token)","payload":{"aps":{"content-available":1},"sync":"\#(w.item)s","since":\#(w.id)}}"#
        default:
            return #"{"aps":{"alert":{"title-loc-key":"ITEM_READY_TITLE","loc-key":"ITEM_READY_BODY","loc-args":["\#(w.name)","\#(w.id)"]},"badge":\#(w.badge),"sound":"chime.caf"},"\#(w.item)-id":"\#(w.id)"}"#
        }
    }

    /// The rule line `index` of a send log breaks (see `logLine`), or nil.
    static func logMistakeRule(_ index: Int) -> String? {
        guard index % 100 == 99 else { return nil }
        return ["badge-invalid", "loc-args-without-loc-key", "collapse-id-too-long"][(index / 100) % 3]
    }

    /// A JSON document of about `megabytes` MB: an array of small objects, the kind of data a big export holds. Handed
    /// to `write` a megabyte at a time, so the benchmark never holds it (a child's peak memory counts its parent's).
    static func writeLargeJSON(megabytes: Int, _ write: ([UInt8]) -> Void) -> Int {
        let target = megabytes * 1_000_000
        var output: [UInt8] = [UInt8(ascii: "[")]
        var written = 0
        var index = 0
        while written + output.count < target {
            if index > 0 { output.append(contentsOf: ",\n".utf8) }
            output.append(contentsOf: #"{"id":\#(index),"name":"item \#(index)","price":\#(index % 1000).\#(index % 100),"tags":["a","b"],"ok":\#(index % 3 == 0)}"#.utf8)
            index += 1
            if output.count >= 1 << 20 {
                write(output)
                written += output.count
                output.removeAll(keepingCapacity: true)
            }
        }
        output.append(contentsOf: "]\n".utf8)
        write(output)
        return written + output.count
    }
}
