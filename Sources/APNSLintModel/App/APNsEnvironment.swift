/// Which of APNs's two environments a request goes to. A device token belongs to one: a build signed for development
/// (run from Xcode) gets tokens of the development environment, a build signed for distribution (App Store,
/// TestFlight, Ad Hoc) tokens of production; sent to the other, APNs answers 400 BadDeviceToken.
public enum APNsEnvironment: String, Sendable, Hashable, CaseIterable {
    /// `api.sandbox.push.apple.com`.
    case development
    /// `api.push.apple.com`.
    case production

    public var host: String {
        switch self {
        case .development: "api.sandbox.push.apple.com"
        case .production: "api.push.apple.com"
        }
    }
}
