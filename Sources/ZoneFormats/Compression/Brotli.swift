internal import CBrotli

/// Brotli (RFC 7932) compression with libbrotli, byte-reproducible for the same input and quality.
public enum Brotli {
    /// The LZ77 window: 2^22 bytes (4 MiB), libbrotli's default and what `brotli -q 11` uses.
    package static let windowBits: Int32 = 22

    /// `bytes` as one brotli stream: `BrotliEncoderCompress` at `quality` (0...11), window 22,
    /// generic mode. The encoder has no clock or randomness, so the bytes depend only on the
    /// input, the quality and the libbrotli version.
    public static func compress(_ bytes: [UInt8], quality: Int) throws -> [UInt8] {
        guard (0...11).contains(quality) else { throw BrotliError.invalidQuality(quality) }
        var size = max(BrotliEncoderMaxCompressedSize(bytes.count), 64)
        var output = [UInt8](repeating: 0, count: size)
        let ok = bytes.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                BrotliEncoderCompress(
                    Int32(quality), windowBits, BROTLI_MODE_GENERIC, source.count, source.baseAddress, &size,
                    target.baseAddress)
            }
        }
        guard ok == BROTLI_TRUE else { throw BrotliError.encoderFailed }
        output.removeSubrange(size...)
        return output
    }

    /// The bytes inside one brotli stream (streaming decoder). Throws when the input is corrupt,
    /// ends early, or has bytes after the end of the stream.
    public static func decompress(_ bytes: [UInt8]) throws -> [UInt8] {
        guard let state = BrotliDecoderCreateInstance(nil, nil, nil) else { throw BrotliError.decoderFailed("") }
        defer { BrotliDecoderDestroyInstance(state) }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count * 4)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        return try bytes.withUnsafeBufferPointer { source in
            var availableIn = source.count
            var nextIn = source.baseAddress
            while true {
                var availableOut = chunk.count
                let result = chunk.withUnsafeMutableBufferPointer { target in
                    var nextOut = target.baseAddress
                    return BrotliDecoderDecompressStream(state, &availableIn, &nextIn, &availableOut, &nextOut, nil)
                }
                output.append(contentsOf: chunk[..<(chunk.count - availableOut)])
                switch result {
                case BROTLI_DECODER_RESULT_SUCCESS:
                    guard availableIn == 0 else { throw BrotliError.trailingData(count: availableIn) }
                    return output
                case BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT:
                    continue
                case BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT:
                    throw BrotliError.truncated
                default:
                    let code = BrotliDecoderGetErrorCode(state)
                    throw BrotliError.decoderFailed(String(cString: BrotliDecoderErrorString(code)))
                }
            }
        }
    }
}

/// An error from ``Brotli``.
public enum BrotliError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The quality is outside 0...11.
    case invalidQuality(Int)
    /// `BrotliEncoderCompress` failed (it only does when out of memory).
    case encoderFailed
    /// The decoder rejected the input; the text is libbrotli's error name.
    case decoderFailed(String)
    /// The input ended before the end of the brotli stream.
    case truncated
    /// `count` bytes follow the end of the brotli stream.
    case trailingData(count: Int)

    /// A one-line explanation, fit for a diagnostic.
    public var description: String {
        switch self {
        case .invalidQuality(let quality): "brotli quality \(quality) is not in 0...11"
        case .encoderFailed: "brotli compression failed"
        case .decoderFailed(let name): "brotli data is corrupt (\(name))"
        case .truncated: "brotli data is truncated: the input ended inside the compressed stream"
        case .trailingData(let count): "\(count) bytes of trailing data after the end of the brotli stream"
        }
    }
}
