import APNSLint
import ArgumentParser

extension RuleOptions.SizeLimitProfile: ExpressibleByArgument {}
extension RuleOptions.Platform: ExpressibleByArgument {}
extension Severity: ExpressibleByArgument {}
extension Dialect: ExpressibleByArgument {}
