/// An error from ``Gzip``: a compressor or zlib call that failed, or input that is not one whole
/// gzip stream.
public enum GzipError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The compression level is outside ``Gzip/levels`` (-1...12; -1 means 6).
    case invalidLevel(Int)
    /// libdeflate could not allocate its compressor, or ran out of output room.
    case outOfMemory
    /// `function` returned the zlib code `code` (Z_DATA_ERROR = -3, Z_STREAM_ERROR = -2, …);
    /// `message` is the stream's `msg`, or `zError(code)` when zlib set none.
    case zlib(function: String, code: Int, message: String)
    /// The input ended before the end of the compressed stream.
    case truncated
    /// `count` bytes follow the end of the compressed stream.
    case trailingData(count: Int)

    /// A one-line explanation, fit for a diagnostic.
    public var description: String {
        switch self {
        case .invalidLevel(let level):
            "gzip level \(level) is not in -1...12"
        case .outOfMemory:
            "gzip compression failed: libdeflate could not allocate its compressor"
        case .zlib(let function, let code, let message):
            "\(function) failed (zlib code \(code)): \(message)"
        case .truncated:
            "gzip data is truncated: the input ended inside the compressed stream"
        case .trailingData(let count):
            "\(count) bytes of trailing data after the end of the gzip stream"
        }
    }
}
