/// Reported while a system's format is turned into the request; this rule carries the docs and examples.
struct LegacyBinaryInterfaceRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "legacy-binary-interface", severity: .info, category: .dialect,
        finds: [.dialect(.legacyBinaryInterface)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "The system sends through APNs's legacy binary interface, which Apple shut off on 31 March 2021.",
            rationale: """
                ADCK opens a TLS connection to gateway.push.apple.com:2195 and writes binary frames, the interface \
                Apple retired in favour of the HTTP/2 provider API. Since 31 March 2021 nothing sent that way is \
                delivered. apns-lint still checks the payload ADCK would build, against that interface's 2048-byte \
                limit, and says so once per definition.
                """,
            severity: .advice(
                "ADCK writes to the binary interface Apple shut off on 31 March 2021; apns-lint says so once and still checks the payload ADCK builds against that interface's 2048-byte limit",
                source: Reference.legacyBinaryShutdown),
            references: [Reference.sendingRequests, "https://www.kumulos.com/2021/03/31/apns-legacy-binary-protocol/", Reference.adck],
            triggering: [
                Example(#"↓{"dialect": "adck", "body": "Cute Kitty!", "badge": 5}"#),
            ],
            nonTriggering: [
                Example(#"{"dialect": "node-apn", "body": "Cute Kitty!", "topic": "com.example.app"}"#),
            ])
    }

}
