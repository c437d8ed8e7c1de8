/// Names and addresses the machine-readable formats carry.
public enum APNSLintTool {
    public static let name = "apns-lint"
    public static let version = "0.1.0"
    public static let informationURI = "https://github.com/apns-lint/apns-lint"
    /// A rule's page is this followed by `<id>.md`.
    public static let ruleDocumentationBaseURL = "https://github.com/apns-lint/apns-lint/blob/main/Rules/"

    public static func documentationURL(forRule id: String) -> String {
        ruleDocumentationBaseURL + id + ".md"
    }
}
