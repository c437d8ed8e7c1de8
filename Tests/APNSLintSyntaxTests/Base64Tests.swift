import APNSLintSyntax
import Testing

@Suite("Base64: a property list's <data> and a token's URL-safe parts")
struct Base64Tests {
    @Test func decodesTheStandardAlphabetWithPaddingAndWhitespace() {
        #expect(Base64.decode("aGVsbG8=", alphabet: .standard, paddedWithWhitespace: true) == Array("hello".utf8))
        #expect(Base64.decode(" aGVs\n\tbG8h ", alphabet: .standard, paddedWithWhitespace: true) == Array("hello!".utf8))
        #expect(Base64.decode("+/8=", alphabet: .standard, paddedWithWhitespace: true) == [0xFB, 0xFF])
        #expect(Base64.decode("", alphabet: .standard, paddedWithWhitespace: true) == [])
        // Data after the padding, a third `=`, a lone last character, a character of the other alphabet.
        #expect(Base64.decode("aG=Vs", alphabet: .standard, paddedWithWhitespace: true) == nil)
        #expect(Base64.decode("aGVsbA===", alphabet: .standard, paddedWithWhitespace: true) == nil)
        #expect(Base64.decode("aGVsb", alphabet: .standard, paddedWithWhitespace: true) == nil)
        #expect(Base64.decode("-_8", alphabet: .standard, paddedWithWhitespace: true) == nil)
    }

    @Test func decodesTheURLSafeAlphabetWithoutPaddingOrWhitespace() {
        #expect(Base64.decode("eyJhbGciOiJFUzI1NiJ9", alphabet: .urlSafe) == Array(#"{"alg":"ES256"}"#.utf8))
        #expect(Base64.decode("-_8", alphabet: .urlSafe) == [0xFB, 0xFF])
        #expect(Base64.decode("aGVsbG8=", alphabet: .urlSafe) == nil)
        #expect(Base64.decode("aGVs bG8", alphabet: .urlSafe) == nil)
        #expect(Base64.decode("+/8", alphabet: .urlSafe) == nil)
        #expect(Base64.decode("aGVsb", alphabet: .urlSafe) == nil)
    }
}
