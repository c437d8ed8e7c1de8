/// The length of a sound file from its header, for the formats a notification plays (WAV, AIFF, CAF): a notification
/// sound longer than 30 seconds is replaced by the default sound. Nil when the header does not say (a compressed
/// CAF without a packet table, a damaged file).
enum AudioDuration {
    static func seconds(of bytes: [UInt8]) -> Double? {
        if bytes.count >= 12, bytes[0..<4].elementsEqual(Array("RIFF".utf8)), bytes[8..<12].elementsEqual(Array("WAVE".utf8)) {
            return wave(bytes)
        }
        if bytes.count >= 12, bytes[0..<4].elementsEqual(Array("FORM".utf8)),
           bytes[8..<12].elementsEqual(Array("AIFF".utf8)) || bytes[8..<12].elementsEqual(Array("AIFC".utf8)) {
            return aiff(bytes)
        }
        if bytes.count >= 8, bytes[0..<4].elementsEqual(Array("caff".utf8)) {
            return caf(bytes)
        }
        return nil
    }

    /// RIFF chunks (little-endian): `fmt ` gives the bytes per second, `data` the sound's size.
    private static func wave(_ bytes: [UInt8]) -> Double? {
        var byteRate: Double?
        var dataSize: Double?
        var offset = 12
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
            let size = Int(littleEndian(bytes, offset + 4, 4))
            if id == "fmt ", offset + 20 <= bytes.count { byteRate = Double(littleEndian(bytes, offset + 16, 4)) }
            if id == "data" { dataSize = Double(size) }
            offset += 8 + size + (size & 1)
        }
        guard let byteRate, byteRate > 0, let dataSize else { return nil }
        return dataSize / byteRate
    }

    /// IFF chunks (big-endian): `COMM` has the frame count and the rate, an 80-bit extended float.
    private static func aiff(_ bytes: [UInt8]) -> Double? {
        var offset = 12
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
            let size = Int(bigEndian(bytes, offset + 4, 4))
            if id == "COMM", offset + 26 <= bytes.count {
                let frames = Double(bigEndian(bytes, offset + 10, 4))
                guard let rate = extended(bytes, offset + 16), rate > 0 else { return nil }
                return frames / rate
            }
            offset += 8 + size + (size & 1)
        }
        return nil
    }

    /// CAF chunks (big-endian, 64-bit sizes): `desc` has the rate and the frames per packet, `pakt` the frames of a
    /// compressed file, `data` the bytes of an uncompressed one.
    private static func caf(_ bytes: [UInt8]) -> Double? {
        var rate: Double?
        var bytesPerPacket = 0.0, framesPerPacket = 0.0
        var frames: Double?
        var dataSize: Double?
        var offset = 8
        while offset + 12 <= bytes.count {
            let id = String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
            let rawSize = bigEndian(bytes, offset + 4, 8)
            let body = offset + 12
            if id == "desc", body + 32 <= bytes.count {
                rate = Double(bitPattern: bigEndian(bytes, body, 8))
                bytesPerPacket = Double(bigEndian(bytes, body + 16, 4))
                framesPerPacket = Double(bigEndian(bytes, body + 20, 4))
            } else if id == "pakt", body + 16 <= bytes.count {
                frames = Double(bigEndian(bytes, body + 8, 8))
            } else if id == "data" {
                // -1: the data runs to the end of the file; the first 4 bytes are an edit count.
                dataSize = Double((rawSize == UInt64.max ? UInt64(bytes.count - body) : rawSize) - min(rawSize, 4))
                if rawSize == UInt64.max { break }
            }
            guard rawSize < UInt64(Int.max - offset - 12) else { break }
            offset = body + Int(rawSize)
        }
        guard let rate, rate > 0 else { return nil }
        if let frames { return frames / rate }
        if let dataSize, bytesPerPacket > 0, framesPerPacket > 0 { return dataSize / bytesPerPacket * framesPerPacket / rate }
        return nil
    }

    private static func littleEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> UInt64 {
        (0..<count).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> UInt64 {
        (0..<count).reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[offset + $1]) }
    }

    /// An IEEE 754 80-bit extended float (AIFF's sample rate).
    private static func extended(_ bytes: [UInt8], _ offset: Int) -> Double? {
        let exponent = Int(bigEndian(bytes, offset, 2) & 0x7FFF)
        let mantissa = bigEndian(bytes, offset + 2, 8)
        guard exponent != 0 || mantissa != 0 else { return 0 }
        return Double(mantissa) * pow2(exponent - 16383 - 63)
    }

    private static func pow2(_ exponent: Int) -> Double {
        var result = 1.0
        if exponent >= 0 { for _ in 0..<min(exponent, 2048) { result *= 2 } } else { for _ in 0..<min(-exponent, 2048) { result /= 2 } }
        return result
    }
}
