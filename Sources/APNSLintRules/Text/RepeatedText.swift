/// `String(repeating: text, count: count)`, built from UTF-8 bytes in one go. The size rules' examples repeat
/// text thousands of times, and appending it piece by piece made building the registry most of start-up.
func repeated(_ text: String, count: Int) -> String {
    let unit = Array(text.utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(unit.count * count)
    for _ in 0..<count { bytes.append(contentsOf: unit) }
    return String(decoding: bytes, as: UTF8.self)
}
