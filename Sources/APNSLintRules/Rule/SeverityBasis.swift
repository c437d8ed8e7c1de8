import APNSLintModel
import APNSLintSyntax

/// Why a rule has its severity, by the contract in the README: an `error` is a request APNs rejects (with a documented
/// reason) or one the device certainly ignores or mis-presents as written; a `warning` is a likely mistake, behaviour
/// nobody documents, or a request whose meaning depends on when it is sent; `info` is advice. Every rule states its
/// basis, with the source it rests on; its page prints it, and a test holds each rule's severity to its basis.
public struct SeverityBasis: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        /// APNs (or FCM, for an FCM message) answers with a documented error; `rejection` names it.
        case rejected
        /// Certain: the device ignores or mis-presents what is written, or nothing is sent at all.
        case certainOutcome
        /// A likely mistake: the request is accepted, but it is probably not what the author meant.
        case likelyMistake
        /// What APNs or the device does is not documented (or not verified).
        case undocumented
        /// Whether it goes wrong depends on when the request is sent.
        case dependsOnSendTime
        /// Advice: nothing goes wrong as written.
        case advice

        /// The severity this kind of basis supports.
        public var severity: Severity {
            switch self {
            case .rejected, .certainOutcome: .error
            case .likelyMistake, .undocumented, .dependsOnSendTime: .warning
            case .advice: .info
            }
        }
    }

    public let kind: Kind
    /// For `rejected`: the reason the service answers with (`BadDeviceToken`, `INVALID_ARGUMENT`).
    public let rejection: String?
    /// For a rejection by APNs: the reason, typed (what `docs/spec.md` maps to the rule, and what a server that answers
    /// as APNs does would answer).
    public let apnsReason: APNsReason?
    /// What happens, in a sentence.
    public let outcome: String
    /// Where that is written (a URL), or nil when the basis is the rule's own judgement (advice, a likely mistake).
    public let source: String?

    init(kind: Kind, rejection: String? = nil, apnsReason: APNsReason? = nil, outcome: String, source: String?) {
        self.kind = kind
        self.rejection = rejection
        self.apnsReason = apnsReason
        self.outcome = outcome
        self.source = source
    }

    /// APNs rejects the request, as `source` documents, with the reason the rule's descriptor names
    /// (`RuleDescriptor.rejection`, which `DocumentedRule.severityBasis` fills in here).
    public static func rejectedByAPNs(_ outcome: String, source: String) -> SeverityBasis {
        SeverityBasis(kind: .rejected, outcome: outcome, source: source)
    }

    /// This basis with the APNs reason a rule's descriptor names, for a rejection that names none of its own.
    func naming(_ reason: APNsReason?) -> SeverityBasis {
        guard let reason, kind == .rejected, rejection == nil else { return self }
        return SeverityBasis(kind: kind, rejection: reason.rawValue, apnsReason: reason, outcome: outcome, source: source)
    }

    /// Another service (FCM, SNS, Expo, OneSignal, gorush) rejects the request with `reason`, as `source` documents.
    public static func rejected(byService reason: String, _ outcome: String, source: String) -> SeverityBasis {
        SeverityBasis(kind: .rejected, rejection: reason, outcome: outcome, source: source)
    }

    /// The device certainly ignores or mis-presents it, or nothing is sent, as `source` shows.
    public static func certain(_ outcome: String, source: String) -> SeverityBasis {
        SeverityBasis(kind: .certainOutcome, outcome: outcome, source: source)
    }

    public static func likelyMistake(_ outcome: String, source: String? = nil) -> SeverityBasis {
        SeverityBasis(kind: .likelyMistake, outcome: outcome, source: source)
    }

    public static func undocumented(_ outcome: String, source: String? = nil) -> SeverityBasis {
        SeverityBasis(kind: .undocumented, outcome: outcome, source: source)
    }

    public static func dependsOnSendTime(_ outcome: String, source: String? = nil) -> SeverityBasis {
        SeverityBasis(kind: .dependsOnSendTime, outcome: outcome, source: source)
    }

    public static func advice(_ outcome: String, source: String? = nil) -> SeverityBasis {
        SeverityBasis(kind: .advice, outcome: outcome, source: source)
    }

    /// One line for the rule's page: the severity, why, and the source.
    public var sentence: String {
        let lead: String = switch kind {
        case .rejected: "Rejected with `\(rejection ?? "")`"
        case .certainOutcome: "Certain outcome"
        case .likelyMistake: "Likely mistake"
        case .undocumented: "Undocumented behaviour"
        case .dependsOnSendTime: "Depends on when it is sent"
        case .advice: "Advice"
        }
        return "\(lead): \(outcome)" + (source.map { " (source: <\($0)>)" } ?? "")
    }
}
