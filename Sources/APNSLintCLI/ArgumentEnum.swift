import APNSLint
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

extension RuleOptions.SizeLimitProfile: ArgumentEnum {}
extension RuleOptions.Platform: ArgumentEnum {}
extension Severity: ArgumentEnum {}
extension Dialect: ArgumentEnum {}
extension ColorChoice: ArgumentEnum {}
extension ReportFormat: ArgumentEnum {}
extension WireSerializer.Style: ArgumentEnum {}
extension DeliveryTarget: ArgumentEnum {}
extension RulesCommand.Format: ArgumentEnum {}

/// An option's values as an enum's string raw values. ArgumentParser's own `allValueStrings` for such a type reads the
/// cases through a generic key path (`\.rawValue.defaultValueDescription`), built anew, with its types looked up by
/// their mangled names, each time an option of the type is declared: two or three times a run for each option, and
/// the first lookup of each type's conformance scans every conformance record of the binary. The same strings, read
/// directly.
protocol ArgumentEnum: ExpressibleByArgument, CaseIterable, RawRepresentable where RawValue == String {}

extension ArgumentEnum {
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }

    public static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}
extension APNsEnvironment: ArgumentEnum {}
