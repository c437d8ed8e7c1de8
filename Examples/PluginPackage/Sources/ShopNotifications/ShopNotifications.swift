import Foundation

/// The push payloads the shop's server sends, shipped as resources (and tried in the Simulator with `.apns` files).
public enum ShopNotifications {
    /// The payload file named `name` (`order-shipped.json`).
    public static func payload(named name: String) -> URL? {
        Bundle.module.url(forResource: name, withExtension: nil)
    }
}
