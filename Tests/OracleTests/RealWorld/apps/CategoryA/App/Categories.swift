import UserNotifications

// The one category the report's init options declare; the plugin registers it with the options' actions.
func registerCategories(actions: [UNNotificationAction]) {
    let category = UNNotificationCategory(identifier: "A", actions: actions, intentIdentifiers: [], options: [])
    UNUserNotificationCenter.current().setNotificationCategories([category])
}
