import UserNotifications

// The category the article registers at launch, with the actions it defines.
func registerMeetingInvitation(actions: [UNNotificationAction]) {
    let invitation = UNNotificationCategory(identifier: "MEETING_INVITATION", actions: actions, intentIdentifiers: [], options: [])
    UNUserNotificationCenter.current().setNotificationCategories([invitation])
}
