/// Complete, valid Live Activity pushes: every Live Activity rule lists them among its non-triggering examples.
enum LiveActivitySamples {
    static let start = #"""
        {
          "headers": {"apns-push-type": "liveactivity", "apns-topic": "com.example.delivery.push-type.liveactivity", "apns-priority": 10},
          "payload": {
            "aps": {
              "timestamp": 1763712000,
              "event": "start",
              "content-state": {"status": "preparing", "eta": "14:35"},
              "stale-date": 1763719200,
              "attributes-type": "DeliveryAttributes",
              "attributes": {"orderNumber": "A-1042", "restaurant": "Luigi's"},
              "alert": {"title": "Order confirmed", "body": "Luigi's is preparing your order", "sound": "default"},
              "input-push-token": 1
            }
          }
        }
        """#

    static let update = #"""
        {
          "headers": {"apns-push-type": "liveactivity", "apns-topic": "com.example.delivery.push-type.liveactivity", "apns-priority": 5},
          "payload": {
            "aps": {
              "timestamp": 1763713800,
              "event": "update",
              "content-state": {"status": "outForDelivery", "eta": "14:35"},
              "stale-date": 1763717400,
              "alert": {"title": "On its way", "body": "Your courier is 3 stops away", "sound": "default"}
            }
          }
        }
        """#

    static let end = #"""
        {
          "headers": {"apns-push-type": "liveactivity", "apns-topic": "com.example.delivery.push-type.liveactivity", "apns-priority": 10},
          "payload": {
            "aps": {
              "timestamp": 1763715600,
              "event": "end",
              "content-state": {"status": "delivered", "eta": "14:31"},
              "dismissal-date": 1763719200
            }
          }
        }
        """#

    /// An ordinary alert and an ordinary background push: no Live Activity rule may report on them.
    static let alert = #"{"headers": {"apns-push-type": "alert"}, "payload": {"aps": {"alert": {"title": "Sale", "body": "20% off today"}, "sound": "default", "badge": 1}}}"#
    static let background = #"{"headers": {"apns-push-type": "background", "apns-priority": 5}, "payload": {"aps": {"content-available": 1}, "timestamp": 1763712000000}}"#
}
