/// A decimal for a help line, rounded to three places: `0.8` rather than `0.8000000000000001`, `1` rather than `1.0`.
public func decimalText(_ value: Double) -> String {
    let rounded = (value * 1000).rounded() / 1000
    var text = String(rounded)
    if text.hasSuffix(".0") { text.removeLast(2) }
    return text
}
