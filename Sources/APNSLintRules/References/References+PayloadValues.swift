/// Apple documentation the payload-value rules cite (see ../shared/reference/apns-spec.md §0.1).
extension Reference {
    /// A-CRIT-ENT.
    static let criticalAlertsEntitlement = "https://developer.apple.com/documentation/bundleresources/entitlements/com.apple.developer.usernotifications.critical-alerts"
    /// A-CRIT-SOUND.
    static let criticalSoundNamed = "https://developer.apple.com/documentation/usernotifications/unnotificationsound/criticalsoundnamed(_:withaudiovolume:)"
    /// A-IL.
    static let interruptionLevel = "https://developer.apple.com/documentation/usernotifications/unnotificationinterruptionlevel"
    /// A-RS (the page behind the JSON the spec read).
    static let relevanceScore = "https://developer.apple.com/documentation/usernotifications/unnotificationcontent/relevancescore"
    /// The Live Activity relevance score (cited in the spec's §1.1 `relevance-score` row).
    static let activityRelevanceScore = "https://developer.apple.com/documentation/activitykit/activitycontent/init(state:staledate:relevancescore:)"
    /// A-SUMARG.
    static let summaryArgument = "https://developer.apple.com/documentation/usernotifications/unnotificationcontent/summaryargument"
}
