// How the rules (another module) read the model without paying for it, in one place: this note, and the storage below.
//
// - One reference. A definition's parts (headers, payload, `aps`, their field sets) are bound once into immutable
//   storage behind one reference (`DefinitionStorage`, and `FieldSet.Storage` for a set and its fields): the
//   definition and the views of its parts (`Headers`, `Payload`, `APS`, `Field`) hold that reference, so passing any of
//   them is one retain. The parts are consumed into the storage, not copied (`NotificationDefinition.init`).
// - Inlining (`@usableFromInline`, `@inlinable`). The rules read small accessors (`definition.payload?.aps?.sound`,
//   `field.key`) on every lint; called across the module boundary, each is a call and a retain and release of what it
//   returns. Swift's default cross-module optimization compiles a small public accessor into its caller when all its
//   body touches is public or usable from inline: the storage and the stored parts the rules read are marked so, and
//   their accessors need no mark. Bodies that index an array are not compiled in that way: those the rules call all
//   the time (`Field.key`, `.value`, `.isShadowed`, `.string`, `FieldSet.Fields.endIndex`, `Payload.isCustomData`) are
//   marked inlinable. Measured with callgrind (docs/performance.md, issue 40): 40,654 instructions a lint with these 38
//   marks, 44,413 without the six inlinable ones, 47,532 with none.
//   Keep a mark only where callgrind shows it pays; after a change to the stored properties of a public model type,
//   rebuild from clean (docs/development.md).

/// Everything bound for one definition, behind one reference: copying the definition, or any view of its parts
/// (`Headers`, `Payload`, `APS`), is one retain, however large the parts.
@usableFromInline final class DefinitionStorage: Sendable {
    let definition: NotificationDefinition.Parts
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
