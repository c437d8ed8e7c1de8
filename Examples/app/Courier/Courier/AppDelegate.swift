import UIKit
import UserNotifications

@main
final class AppDelegate: UIResponder, UIApplicationDelegate, UNUserNotificationCenterDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let center = UNUserNotificationCenter.current()
        center.delegate = self
        center.setNotificationCategories([Self.orderUpdate])
        application.registerForRemoteNotifications()
        return true
    }

    /// Tracking and contacting the driver from an order's notification.
    static let orderUpdate: UNNotificationCategory = {
        let track = UNNotificationAction(identifier: "TRACK", title: "Track", options: [.foreground])
        let call = UNNotificationAction(identifier: "CALL_DRIVER", title: "Call the driver", options: [.foreground])
        return UNNotificationCategory(identifier: "ORDER_UPDATE", actions: [track, call], intentIdentifiers: [], options: [])
    }()
}
