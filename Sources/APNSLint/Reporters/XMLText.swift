/// The one writer of XML text, for the JUnit and Checkstyle reports and the APNs sandbox's HTML page.
public enum XMLText {
    /// Escaped for XML 1.0 text and attribute values. Characters XML 1.0 cannot hold at all (most control
    /// characters) become U+FFFD; line breaks and tabs become character references so attributes keep them.
    public static func escaped(_ text: String) -> String {
        ScalarEscaping.escaped(text) { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&apos;"
            case "\n": "&#10;"
            case "\r": "&#13;"
            case "\t": "&#9;"
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: "\u{FFFD}"
            default: nil
            }
        }
    }
}
