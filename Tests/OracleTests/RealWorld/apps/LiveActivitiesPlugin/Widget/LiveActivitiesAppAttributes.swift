import ActivityKit
import Foundation

// The attributes type the plugin's README has the widget declare: the plugin keeps the activity's data in an app
// group, so ContentState holds only the group's identifier.
struct LiveActivitiesAppAttributes: ActivityAttributes, Identifiable {
    public typealias LiveDeliveryData = ContentState

    public struct ContentState: Codable, Hashable {
        var appGroupId: String
    }

    var id = UUID()
}
