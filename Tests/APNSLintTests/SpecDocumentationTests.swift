import APNSLint
import APNSLintModel
import APNSLintTestSupport
import Foundation
import Testing

/// Issue 39: Apple's spec as one table, each cell enforced by a rule or said to be beyond any definition.
@Suite("docs/spec.md: every cell of Apple's spec has its rule, or a reason none can")
struct SpecDocumentationTests {
    @Test func everyCellHasARuleOrAReasonNoneCan() {
        let enforcers = SpecDocumentation.enforcers()
        for fact in SpecFact.all {
            let rules = enforcers[fact] ?? []
            #expect(!rules.isEmpty || fact.uncheckable != nil, "\(fact) has no rule and no reason why none can exist")
            // A rule cannot predict what no definition shows.
            #expect(rules.isEmpty || fact.uncheckable == nil, "\(fact) is said to be beyond a definition, but \(rules) enforce it")
        }
    }

    @Test func everyAPNsReasonIsMapped() {
        let enforcers = SpecDocumentation.enforcers()
        let unmapped = APNsReason.allCases.filter { (enforcers[.reason($0)] ?? []).isEmpty && $0.notVisibleInADefinition == nil }
        #expect(unmapped.isEmpty)
        #expect(APNsReason.allCases.count == 41)
    }

    @Test func theCommittedPageIsTheGeneratedOne() throws {
        let committed = try String(contentsOf: packageRoot.appendingPathComponent(SpecDocumentation.fileName), encoding: .utf8)
        #expect(committed == SpecDocumentation.page(), "\(SpecDocumentation.fileName) is stale: run scripts/generate")
    }

    @Test func rulesReadTheTable() {
        #expect(PushType.background.spec.priorityErrors == [10])
        #expect(PushType.voip.spec.sizeLimit == 5120)
        #expect(PushType.allCases.filter(\.spec.broadcast) == [.liveactivity])
        #expect(PushType.allCases.filter { $0.spec.payload == .appDefined } == [.location, .voip, .complication, .fileprovider, .pushtotalk])
    }
}
