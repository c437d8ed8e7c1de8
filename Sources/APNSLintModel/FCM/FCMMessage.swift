import APNSLintSyntax

/// An FCM HTTP v1 message (`{"message": {...}}`'s inner object), as a Skygear definition makes it for Android.
public struct FCMMessage: Sendable {
    /// The message object, every value with the source range of what the user wrote.
    public let node: DocumentNode

    public init(node: DocumentNode) {
        self.node = node
    }
}
