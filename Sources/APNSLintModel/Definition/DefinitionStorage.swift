// `@inlinable` here: rules (another module) read these accessors on every lint, and compiling their bodies into the
// rules saves a call and a retain/release each. Measured with callgrind (docs/performance.md): 38,600 instructions per lint
// with them, 43,800 without (+13%). Keep them on accessors only; an accessor that no rule reads on the hot path needs none.

/// Everything bound for one definition, behind one reference: copying the definition, or any view of its parts
/// (`Headers`, `Payload`, `APS`), is one retain, however large the parts.
@usableFromInline final class DefinitionStorage: Sendable {
    @usableFromInline let definition: NotificationDefinition.Parts
    @usableFromInline let headers: Headers.Parts
    /// nil when an envelope has no payload.
    @usableFromInline let payload: Payload.Parts?
    /// nil when there is no payload, or its `aps` is not an object.
    @usableFromInline let aps: APS.Parts?

    init(definition: NotificationDefinition.Parts, headers: Headers.Parts, payload: Payload.Parts?, aps: APS.Parts?) {
        self.definition = definition
        self.headers = headers
        self.payload = payload
        self.aps = aps
    }
}
