import APNSLintModel
import APNSLintSyntax

/// A Home Assistant notification for the iOS companion app, as users keep it in YAML automations and scripts: the
/// service data of a `notify.mobile_app_<device>` action (`message`, `title`, `data`), alone or in the action that
/// calls it (`action:`/`service:` with `data:`), or a whole automation or script holding such actions. Turned into the
/// APNs request the companion app's push relay sends, as the companion app's documentation
/// (home-assistant/companion.home-assistant `docs/notifications/*.md`, commit f47ce30) and the relay's code describe
/// it: Home Assistant's mobile_app notify posts `message`, `title` and `data` to the relay (home-assistant/core
/// `homeassistant/components/mobile_app/notify.py`), and the relay builds an FCM message whose `apns` part FCM sends
/// to the device (home-assistant/mobile-apps-fcm-push `functions/legacy.js`, commit 85b4c82, the `/api/sendPush/iOS/v1`
/// route; its test fixtures under `functions/test/fixtures/legacy/`), with firebase-admin renaming the camelCase
/// `aps` keys (`contentAvailable` → `content-available: 1`, `mutableContent` → `mutable-content: 1`):
///
///     action: notify.mobile_app_iphone
///     data: {title: Door, message: Front door opened, data: {push: {badge: 1, interruption-level: time-sensitive}}}
///     → headers {"apns-push-type": "alert", "apns-priority": "10"},
///       payload {"aps": {"alert": {"title": "Door", "body": "Front door opened"}, "sound": "default", "badge": 1,
///                        "interruption-level": "time-sensitive", "mutable-content": 1}}
///
/// - `message` → `aps.alert.body`, `title` → `aps.alert.title` (Home Assistant drops the default title "Home
///   Assistant"), `data.subtitle` → `aps.alert.subtitle`; the relay adds `sound: "default"`.
/// - `data.push` is merged into `aps` as written (`badge`, `sound`, `category`, `thread-id`, `interruption-level`, …);
///   `data.sound` overrides `push.sound`; a sound "none" is removed; a category is upper-cased; `data.group` →
///   `aps.thread-id`; `data.tag` → `apns-collapse-id`; `data.apns_headers` are the request's headers.
/// - `actions`, `entity_id`, `action_data` (as `homeassistant`), `attachment` (or `image`, `video`, `audio` as an
///   attachment's url), `url`, `shortcut`, `presentation_options` reach the app beside `aps`; any of the first four
///   without a `category` sets `category: DYNAMIC`.
/// - Unless `push` holds `contentAvailable`, the relay sets `mutable-content: 1` and sends `apns-push-type: alert`;
///   with it, `background`. FCM sends `apns-priority` 10 unless a header says otherwise.
/// - The commands (`message: request_location_update`, `clear_notification`, `update_complications`,
///   `update_widgets`) are background pushes whose payload is `{"aps": {"content-available": 1}, "homeassistant":
///   {"command": …}}`; `clear_badge` sends `{"aps": {"badge": 0}}`; `delete_alert` sends no alert text nor sound.
/// - A value written as a Jinja template (`{{ states('sensor.x') }}`) is filled in when the action runs: it is not
///   judged, and a typed value so written is left out of the request.
enum HomeAssistantDialect {
    /// The keys of a notify action's service data (Home Assistant's `NOTIFY_SERVICE_SCHEMA`, which allows no other).
    static let serviceDataKeys = ["message", "title", "target", "data"]
    /// The keys of a script or automation action calling a service.
    static let actionKeys = ["action", "service"]
    /// Where a script or automation keeps its actions.
    static let sequenceKeys = ["actions", "action", "sequence"]
    static let ownKeys: Set<String> = Set(serviceDataKeys + actionKeys + sequenceKeys + ["metadata", "alias", "triggers", "trigger"])
    /// The title Home Assistant leaves out of every notification (`ATTR_TITLE_DEFAULT`).
    static let defaultTitle = "Home Assistant"
    /// `data` keys only the companion app's notifications have among the notify services: evidence of its shape.
    static let appDataKeys: Set<String> = ["push", "apns_headers", "presentation_options", "action_data", "attachment", "shortcut"]
    /// `data` keys the relay reads for an Apple device.
    static let iOSDataKeys = ["subtitle", "push", "apns_headers", "actions", "sound", "entity_id", "action_data", "attachment",
                              "video", "image", "audio", "url", "shortcut", "presentation_options", "notification_icon", "icon_url",
                              "notification_icon_color", "color", "tag", "group", "level", "volume", "mode", "live_update", "activity_id"]
    /// `data` keys of the Android app (companion docs, "Android Specific"): read for Android only, not reported.
    static let androidDataKeys: Set<String> = ["subject", "channel", "importance", "priority", "ttl", "vibrationPattern", "ledColor",
                                               "sticky", "clickAction", "persistent", "timeout", "visibility", "tts_text", "media_stream",
                                               "car_ui", "chronometer", "when", "when_relative", "alert_once", "progress", "progress_max",
                                               "progress_indeterminate", "intent_action", "intent_uri", "intent_package_name",
                                               "intent_extras", "intent_type", "intent_class_name", "command", "javascript", "android",
                                               "apns", "webpush", "data"]
    /// Custom keys the relay copies beside `aps` as written.
    static let customKeys = ["actions", "entity_id", "attachment", "url", "shortcut", "presentation_options", "notification_icon",
                             "icon_url", "notification_icon_color", "color", "level", "volume", "mode"]
    /// Keys that make the relay set `category: DYNAMIC` when the push sets none.
    static let categoryKeys: Set<String> = ["actions", "entity_id", "action_data", "attachment", "video", "image", "audio"]
    /// The attachment keys and the content type the relay gives each.
    static let attachmentTypes = [("video", "mpeg4"), ("image", "jpeg"), ("audio", "waveformaudio")]
    /// Messages the relay sends as a background command to the app.
    static let commands: Set<String> = ["request_location_update", "request_location_updates", "clear_notification",
                                        "update_complications", "update_widgets"]
    /// firebase-admin's camelCase `aps` keys and the APNs keys it writes for them.
    static let adminSpellings = ["contentAvailable": "content-available", "mutableContent": "mutable-content", "threadId": "thread-id"]

    // MARK: Recognition

    /// A value Home Assistant fills in when the action runs.
    static func isTemplate(_ node: DocumentNode) -> Bool {
        node.string.map { $0.contains("{{") || $0.contains("{%") } ?? false
    }

    static func value(_ key: String, in members: [Member]) -> DocumentNode? {
        members.last { $0.key == key }?.value
    }

    /// The notify action a member list calls (`notify.mobile_app_iphone`), when it calls one.
    static func notifyAction(_ members: [Member]) -> String? {
        for key in actionKeys {
            if let name = value(key, in: members)?.string, name.hasPrefix("notify.") { return name }
        }
        return nil
    }

    /// Whether service data has the companion app's shape: a text `message` beside a `data` holding the app's keys.
    static func isAppServiceData(_ members: [Member]) -> Bool {
        guard value("message", in: members)?.string != nil, let data = value("data", in: members)?.members else { return false }
        return data.contains { appDataKeys.contains($0.key) }
    }

    /// Whether an action calls the companion app: `notify.mobile_app_…`, or another notify action (a group) whose
    /// service data has the app's shape.
    static func callsApp(_ members: [Member]) -> Bool {
        guard let action = notifyAction(members) else { return false }
        return action.hasPrefix("notify.mobile_app_") || (value("data", in: members)?.members.map(isAppServiceData) ?? false)
    }

    /// The actions of an automation or script (`actions:`, `action:`, `sequence:` as a list).
    static func sequence(_ members: [Member]) -> (key: String, elements: [DocumentNode])? {
        for key in sequenceKeys {
            if let member = members.last(where: { $0.key == key }), let elements = member.value.elements { return (key, elements) }
        }
        return nil
    }

    static func shape(_ members: [Member]) -> String? {
        if callsApp(members) {
            return "it calls \(notifyAction(members) ?? "notify"), the Home Assistant companion app's notify action"
        }
        if let (key, elements) = sequence(members), elements.contains(where: { $0.members.map(callsApp) ?? false }) {
            return "its \"\(key)\" call a Home Assistant companion app's notify action"
        }
        if isAppServiceData(members) {
            let key = value("data", in: members)?.members?.first { appDataKeys.contains($0.key) }?.key ?? "push"
            return "it has a text \"message\" beside \"data\" holding \"\(key)\", as the Home Assistant companion app's notifications do"
        }
        return nil
    }

    // MARK: The requests

    /// One notify call: its service data, where it is, and what points at it.
    struct Call {
        let owner: DocumentNode
        let serviceData: [Member]
        let path: [String]
    }

    static func calls(in document: DocumentNode) -> [Call] {
        func call(_ node: DocumentNode, path: [String]) -> Call? {
            guard let members = node.members, callsApp(members) else { return nil }
            guard let data = members.last(where: { $0.key == "data" }), let serviceData = data.value.members else {
                return Call(owner: node, serviceData: [], path: path)
            }
            return Call(owner: data.value, serviceData: serviceData, path: path + ["data"])
        }
        if let elements = document.elements {
            return elements.enumerated().compactMap { call($0.element, path: [String($0.offset)]) }
        }
        guard let members = document.members else { return [] }
        if let single = call(document, path: []) { return [single] }
        if let (key, elements) = sequence(members) {
            let found = elements.enumerated().compactMap { call($0.element, path: [key, String($0.offset)]) }
            if !found.isEmpty { return found }
        }
        return [Call(owner: document, serviceData: members, path: [])]
    }

    static func translate(_ document: DocumentNode) -> DialectTranslation {
        var batch = ServiceBatch()
        for call in calls(in: document) {
            var request = RequestBuilder(for: document, message: call.owner, path: call.path)
            translate(call.serviceData, into: &request)
            batch.add(request, range: call.owner.range)
        }
        return batch.translation(of: document, capabilities: .decidesPushType)
    }
}
