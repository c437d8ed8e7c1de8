import APNSLintSyntax
import Testing

@Suite("XMLPlistReader: Info.plist, entitlements and .stringsdict without Foundation")
struct XMLPlistReaderTests {
    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    func read(_ text: String) -> XMLPlistReader.Result { XMLPlistReader.read(SourceText(text)) }

    func value(_ text: String) -> PropertyListValue? { read(text).value }

    // MARK: Elements

    @Test func everyElementKind() throws {
        let text = Self.header + """
            <dict>
            \t<key>string</key>
            \t<string>hello world</string>
            \t<key>integer</key>
            \t<integer>-42</integer>
            \t<key>hex</key>
            \t<integer>0x1F</integer>
            \t<key>real</key>
            \t<real>3.25</real>
            \t<key>yes</key>
            \t<true/>
            \t<key>no</key>
            \t<false/>
            \t<key>date</key>
            \t<date>2026-11-28T12:00:00Z</date>
            \t<key>data</key>
            \t<data>
            \tSGVsbG8s
            \tIHdvcmxk
            \t</data>
            \t<key>array</key>
            \t<array>
            \t\t<string>a</string>
            \t\t<integer>1</integer>
            \t</array>
            </dict>
            </plist>

            """
        let result = read(text)
        #expect(result.problems.isEmpty)
        let dictionary = try #require(result.value?.dictionary)
        #expect(dictionary == [
            "string": .string("hello world"), "integer": .integer(-42), "hex": .integer(31), "real": .real(3.25),
            "yes": .bool(true), "no": .bool(false), "date": .date("2026-11-28T12:00:00Z"),
            "data": .data(Array("Hello, world".utf8)), "array": .array([.string("a"), .integer(1)]),
        ])
    }

    @Test func emptyForms() {
        #expect(value("<plist><dict/></plist>") == .dictionary([:]))
        #expect(value("<plist><array/></plist>") == .array([]))
        #expect(value("<plist><dict></dict></plist>") == .dictionary([:]))
        #expect(value("<plist><array></array></plist>") == .array([]))
        #expect(value("<plist><string/></plist>") == .string(""))
        #expect(value("<plist><string></string></plist>") == .string(""))
        #expect(value("<plist><data/></plist>") == .data([]))
        #expect(value("<plist><dict><key/><string/></dict></plist>") == .dictionary(["": .string("")]))
        #expect(value("<plist><true></true></plist>") == .bool(true))
    }

    @Test func withoutThePlistElement() {
        #expect(value("<dict><key>a</key><string>b</string></dict>") == .dictionary(["a": .string("b")]))
    }

    @Test func nestedContainers() throws {
        let text = "<plist><dict><key>NSExtension</key><dict><key>NSExtensionAttributes</key><dict><key>list</key>"
            + "<array><array><dict><key>deep</key><true/></dict></array></array></dict></dict></dict></plist>"
        let deep = value(text)?.dictionary?["NSExtension"]?.dictionary?["NSExtensionAttributes"]?.dictionary?["list"]?.array?.first?.array?.first
        #expect(deep == .dictionary(["deep": .bool(true)]))
    }

    @Test func theLastOfDuplicateKeysWins() {
        #expect(value("<dict><key>a</key><string>1</string><key>a</key><string>2</string></dict>") == .dictionary(["a": .string("2")]))
    }

    // MARK: Text

    @Test func entitiesAndCharacterReferences() {
        #expect(value("<string>&amp; &lt; &gt; &quot; &apos;</string>") == .string("& < > \" '"))
        #expect(value("<string>&#65;&#x42;&#X43; &#x1F600;</string>") == .string("ABC 😀"))
        #expect(value("<dict><key>a&amp;b</key><string/></dict>") == .dictionary(["a&b": .string("")]))
    }

    @Test func whitespaceIsKeptInStringsAndTrimmedInNumbers() {
        #expect(value("<string>  two\n lines </string>") == .string("  two\n lines "))
        #expect(value("<integer>\n  7\n</integer>") == .integer(7))
        #expect(value("<real> -0.5 </real>") == .real(-0.5))
        #expect(value("<integer>+3</integer>") == .integer(3))
    }

    @Test func cdataAndCommentsInText() {
        #expect(value("<string><![CDATA[<b> & </b>]]> after</string>") == .string("<b> & </b> after"))
        #expect(value("<string>a<!-- not text -->b</string>") == .string("ab"))
    }

    @Test func commentsProcessingInstructionsAndDoctypeAreSkipped() {
        let text = "\u{FEFF}<?xml version=\"1.0\"?>\n<!-- first -->\n<!DOCTYPE plist [ <!ENTITY x \"y\"> ]>\n<plist version=\"1.0\">"
            + "<!-- before --><dict><!-- in --><key>k</key><!-- between --><true/></dict><!-- after --></plist>\n<!-- end -->\n"
        let result = read(text)
        #expect(result.problems.isEmpty)
        #expect(result.value == .dictionary(["k": .bool(true)]))
    }

    @Test func unicodeText() {
        #expect(value("<string>Grüße, 你好 🎉</string>") == .string("Grüße, 你好 🎉"))
    }

    // MARK: Files as Xcode writes them

    @Test func anInfoPlist() throws {
        let text = Self.header + """
            <dict>
            \t<key>CFBundleDevelopmentRegion</key>
            \t<string>$(DEVELOPMENT_LANGUAGE)</string>
            \t<key>CFBundleIdentifier</key>
            \t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
            \t<key>CFBundleShortVersionString</key>
            \t<string>1.0</string>
            \t<key>LSRequiresIPhoneOS</key>
            \t<true/>
            \t<key>NSSupportsLiveActivities</key>
            \t<true/>
            \t<key>UIBackgroundModes</key>
            \t<array>
            \t\t<string>remote-notification</string>
            \t\t<string>voip</string>
            \t</array>
            \t<key>NSExtension</key>
            \t<dict>
            \t\t<key>NSExtensionPointIdentifier</key>
            \t\t<string>com.apple.usernotifications.service</string>
            \t\t<key>NSExtensionPrincipalClass</key>
            \t\t<string>$(PRODUCT_MODULE_NAME).NotificationService</string>
            \t</dict>
            \t<key>UIApplicationSceneManifest</key>
            \t<dict>
            \t\t<key>UIApplicationSupportsMultipleScenes</key>
            \t\t<false/>
            \t</dict>
            </dict>
            </plist>

            """
        let info = try #require(read(text).value?.dictionary)
        #expect(info["UIBackgroundModes"]?.strings == ["remote-notification", "voip"])
        #expect(info["NSSupportsLiveActivities"]?.bool == true)
        #expect(info["NSExtension"]?.dictionary?["NSExtensionPointIdentifier"]?.string == "com.apple.usernotifications.service")
        #expect(info["CFBundleIdentifier"]?.string == "$(PRODUCT_BUNDLE_IDENTIFIER)")
        #expect(info["UIApplicationSceneManifest"]?.dictionary?["UIApplicationSupportsMultipleScenes"] == .bool(false))
    }

    @Test func anEntitlementsFile() throws {
        let text = Self.header + """
            <dict>
            \t<key>aps-environment</key>
            \t<string>development</string>
            \t<key>com.apple.developer.usernotifications.time-sensitive</key>
            \t<true/>
            \t<key>com.apple.security.application-groups</key>
            \t<array>
            \t\t<string>group.com.example.app</string>
            \t</array>
            \t<key>keychain-access-groups</key>
            \t<array/>
            </dict>
            </plist>

            """
        let entitlements = try #require(read(text).value?.dictionary)
        #expect(entitlements["aps-environment"]?.text == "development")
        #expect(entitlements["com.apple.developer.usernotifications.time-sensitive"]?.text == "true")
        #expect(entitlements["com.apple.security.application-groups"]?.text == "group.com.example.app")
        #expect(entitlements["keychain-access-groups"] == .array([]))
    }

    @Test func aStringsdict() throws {
        let text = Self.header + """
            <dict>
            \t<key>%d new messages</key>
            \t<dict>
            \t\t<key>NSStringLocalizedFormatKey</key>
            \t\t<string>%#@messages@ from %@</string>
            \t\t<key>messages</key>
            \t\t<dict>
            \t\t\t<key>NSStringFormatSpecTypeKey</key>
            \t\t\t<string>NSStringPluralRuleType</string>
            \t\t\t<key>NSStringFormatValueTypeKey</key>
            \t\t\t<string>d</string>
            \t\t\t<key>one</key>
            \t\t\t<string>%d new message</string>
            \t\t\t<key>other</key>
            \t\t\t<string>%d new messages</string>
            \t\t</dict>
            \t</dict>
            </dict>
            </plist>

            """
        let table = try #require(read(text).value?.dictionary)
        let rule = try #require(table["%d new messages"]?.dictionary)
        #expect(rule["NSStringLocalizedFormatKey"]?.string == "%#@messages@ from %@")
        #expect(rule["messages"]?.dictionary?["one"]?.string == "%d new message")
    }

    @Test func text() {
        #expect(PropertyListValue.array([.string("a"), .integer(2), .bool(false), .real(1.5)]).text == "a, 2, false, 1.5")
        #expect(PropertyListValue.data([1, 2, 3]).text == "3 bytes")
        #expect(PropertyListValue.dictionary(["b": .string("2"), "a": .string("1")]).text == "a: 1, b: 2")
    }

    // MARK: Mistakes and hostile input

    @Test("mistakes are errors at their place", arguments: [
        ("<plist><dict><key>a</key></dict></plist>", "expected an element", 25),
        ("<plist><dict><string>a</string></dict></plist>", "expected a <key> in a <dict>, found <string>", 13),
        ("<plist><integer>12a</integer></plist>", "\"12a\" is not an integer", 7),
        ("<plist><real>x</real></plist>", "\"x\" is not a real number", 7),
        ("<plist><data>!!!!</data></plist>", "the <data> is not base64", 7),
        ("<plist><string>a &nbsp; b</string></plist>", "unknown entity", 17),
        ("<plist><string>a &amp b</string></plist>", "an entity is not ended with \";\"", 17),
        ("<plist><string>&#xZZ;</string></plist>", "a character reference is not a number", 15),
        ("<plist><string>&#xD800;</string></plist>", "a character reference names no character", 15),
        ("<plist><string>&#99999999999;</string></plist>", "a character reference names no character", 15),
        ("<plist><string>a</strin></plist>", "expected </string>", 16),
        ("<plist><foo/></plist>", "<foo> is not a property list element", 7),
        ("<plist><true/><true/></plist>", "expected </plist>", 14),
        ("<plist><true/></plist> extra", "unexpected text after the property list", 23),
        ("<plist/>", "the <plist> element holds no value", 0),
        ("", "the property list ends where a value was expected", 0),
        ("bplist00\u{0}\u{1}", "expected an element", 0),
        ("{ a = b; }", "expected an element", 0),
    ])
    func mistakes(_ text: String, _ message: String, _ offset: Int) {
        let result = read(text)
        #expect(result.value == nil)
        #expect(result.problems.map(\.message) == [message])
        #expect(result.problems.first?.range.start == offset)
    }

    @Test func everyTruncationIsAnErrorNotACrash() {
        let text = Self.header + "<dict><key>a&amp;</key><array><string>x<![CDATA[y]]></string><data>AAEC</data><integer>1</integer>"
            + "<!-- c --><true/></array></dict></plist>\n"
        let bytes = Array(text.utf8)
        #expect(XMLPlistReader.read(SourceText(bytes: bytes)).value != nil)
        for count in 0..<bytes.count - 1 {
            let result = XMLPlistReader.read(SourceText(bytes: Array(bytes[..<count])))
            #expect(result.value == nil, "\(count) bytes")
            #expect(result.problems.count == 1, "\(count) bytes")
        }
    }

    @Test func invalidUTF8BecomesReplacementCharacters() {
        let bytes = Array("<string>a".utf8) + [0xFF, 0xC3] + Array("b</string>".utf8)
        #expect(XMLPlistReader.read(SourceText(bytes: bytes)).value == .string("a\u{FFFD}\u{FFFD}b"))
    }

    @Test func garbageIsAnErrorNotACrash() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("<>/&;#x![]-?\"' dictkeyarraystringtrue".utf8) + [0, 0xFF, 0xC3]
        for _ in 0..<500 {
            let bytes = (0..<Int.random(in: 0..<80, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let result = XMLPlistReader.read(SourceText(bytes: bytes))
            #expect(result.value != nil || result.problems.count == 1)
        }
    }

    @Test func deepNestingIsRefusedNotACrash() {
        let arrays = String(repeating: "<array>", count: 100_000)
        #expect(read(arrays).problems.first?.message == "the property list nests deeper than 256 levels")
        let dictionaries = String(repeating: "<dict><key>k</key>", count: 100_000)
        #expect(read(dictionaries).problems.first?.message == "the property list nests deeper than 256 levels")
        let fine = String(repeating: "<array>", count: 255) + String(repeating: "</array>", count: 255)
        #expect(read(fine).problems.isEmpty)
    }
}

@Suite("PathText: paths as text")
struct PathTextTests {
    @Test func names() {
        #expect(PathText.name(of: "a/b/Sound.caf") == "Sound.caf")
        #expect(PathText.name(of: "a/b/") == "b")
        #expect(PathText.name(of: "/") == "/")
        #expect(PathText.extension(of: "a/b/Sound.CAF") == "CAF")
        #expect(PathText.extension(of: "Localizable.strings") == "strings")
        #expect(PathText.extension(of: "a.b/Makefile") == "")
        #expect(PathText.extension(of: ".gitignore") == "")
        #expect(PathText.stem(of: "en.lproj/Localizable.stringsdict") == "Localizable")
        #expect(PathText.stem(of: "App.xcodeproj") == "App")
        #expect(PathText.stem(of: ".hidden") == ".hidden")
    }

    @Test func directories() {
        #expect(PathText.directory(of: "Examples/app/App.xcodeproj") == "Examples/app")
        #expect(PathText.directory(of: "Examples/app//App.xcodeproj/") == "Examples/app")
        #expect(PathText.directory(of: "/a") == "/")
        #expect(PathText.directory(of: "/") == "/")
        #expect(PathText.directory(of: "project.yml") == ".")
        #expect(PathText.directory(of: "") == ".")
    }

    @Test func standardizing() {
        #expect(PathText.standardize("/a/./b/../c//d/") == "/a/c/d")
        #expect(PathText.standardize("a/./b/../c") == "a/c")
        #expect(PathText.standardize("../x/./y") == "../x/y")
        #expect(PathText.standardize("a/..") == ".")
        #expect(PathText.normalize("/a/b") == "/a/b")
    }
}
