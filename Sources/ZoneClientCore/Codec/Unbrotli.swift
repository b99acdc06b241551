#if canImport(CBrotli)
    internal import CBrotli

    /// Brotli (RFC 7932) decompression with libbrotlidec (Linux).
    enum Unbrotli {
        /// The bytes inside one brotli stream; nil when the input is not exactly one complete,
        /// valid stream (corrupt, cut short, or followed by other bytes). `sizeHint` sizes the output.
        static func decompress(_ input: [UInt8], sizeHint: Int) -> [UInt8]? {
            guard let state = BrotliDecoderCreateInstance(nil, nil, nil) else { return nil }
            defer { BrotliDecoderDestroyInstance(state) }
            var output = [UInt8](repeating: 0, count: max(sizeHint, 64))
            var produced = 0
            return input.withUnsafeBufferPointer { source -> [UInt8]? in
                var availableIn = source.count
                var nextIn = source.baseAddress
                while true {
                    if produced == output.count { output.append(contentsOf: repeatElement(0, count: output.count)) }
                    var availableOut = output.count - produced
                    let result = output.withUnsafeMutableBufferPointer { target in
                        var nextOut = target.baseAddress.map { $0 + produced }
                        return BrotliDecoderDecompressStream(state, &availableIn, &nextIn, &availableOut, &nextOut, nil)
                    }
                    produced = output.count - availableOut
                    switch result {
                    case BROTLI_DECODER_RESULT_SUCCESS:
                        guard availableIn == 0 else { return nil }
                        output.removeSubrange(produced...)
                        return output
                    case BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT:
                        continue
                    default:
                        return nil  // corrupt, or the input ended inside the stream
                    }
                }
            }
        }
    }
#elseif canImport(Compression)
    internal import Compression

    /// Brotli (RFC 7932) decompression with the Compression framework (Apple platforms;
    /// `COMPRESSION_BROTLI` needs iOS 15 / macOS 12).
    enum Unbrotli {
        /// The bytes inside one brotli stream; nil when the input is not exactly one complete,
        /// valid stream (corrupt, cut short, or followed by other bytes). `sizeHint` sizes the output.
        static func decompress(_ input: [UInt8], sizeHint: Int) -> [UInt8]? {
            CompressionStream.decode(input[...], algorithm: COMPRESSION_BROTLI, sizeHint: sizeHint)
        }
    }
#endif
