// The library's API uses these layers' types (Diagnostic, SourceText, NotificationDefinition, Rule), so
// `import APNSLint` brings them along.
@_exported import APNSLintApp
@_exported import APNSLintDialects
@_exported import APNSLintModel
@_exported import APNSLintRules
@_exported import APNSLintSyntax
