import ActivityKit
import Foundation

/// A delivery on its way: the Live Activity the courier's pushes update.
struct DeliveryAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        enum Stage: String, Codable {
            case preparing, onTheWay = "on-the-way", delivered
        }

        var stage: Stage
        /// Minutes until the delivery arrives.
        var etaMinutes: Int
        var driverName: String?
        var arrivesAt: Date

        enum CodingKeys: String, CodingKey {
            case stage
            case etaMinutes = "eta"
            case driverName = "driver"
            case arrivesAt = "arrives-at"
        }
    }

    var orderNumber: String
}
