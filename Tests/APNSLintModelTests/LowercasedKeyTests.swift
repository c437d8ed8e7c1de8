import APNSLintModel
import Testing

@Suite("lowercasedKey: a header name lowered, eight bytes at a time")
struct LowercasedKeyTests {
    /// Every ASCII byte at each place of names 1 to 20 bytes long (the words are checked eight bytes at a time, the
    /// last word overlapping the one before): lowered exactly as `String.lowercased()` lowers it.
    @Test func everyASCIIByteAtEveryPlace() {
        for length in 1...20 {
            for place in 0..<length {
                for byte in UInt8(0)..<0x80 {
                    var bytes = Array(repeating: UInt8(ascii: "m"), count: length)
                    bytes[place] = byte
                    let name = String(decoding: bytes, as: UTF8.self)
                    #expect(lowercasedKey(name) == name.lowercased(), "\(Array(name.utf8))")
                }
            }
        }
    }

    @Test func namesAsSendersWriteThem() {
        #expect(lowercasedKey("apns-push-type") == "apns-push-type")
        #expect(lowercasedKey("APNS-Push-Type") == "apns-push-type")
        #expect(lowercasedKey("apns-push-typE") == "apns-push-type")
        #expect(lowercasedKey("Apns-topic") == "apns-topic")
        #expect(lowercasedKey("") == "")
        // Outside ASCII: lowered as a string is.
        #expect(lowercasedKey("Ünïcode-Header") == "ünïcode-header")
        #expect(lowercasedKey("über") == "über")
        #expect(lowercasedKey(String(repeating: "x-custom-", count: 20) + "Z") == String(repeating: "x-custom-", count: 20) + "z")
    }
}
