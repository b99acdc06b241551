internal import CZlib

/// One zlib inflate stream (`z_stream`) with its C state on the heap (compression is libdeflate's,
/// in ``Gzip``).
///
/// zlib keeps a pointer back to the `z_stream` inside its internal state, so the struct must
/// never move: it is allocated once here and freed in `deinit`, after `inflateEnd`.
package final class ZStream {
    private let stream: UnsafeMutablePointer<z_stream>
    /// True between a successful `inflateInit2` and `deinit`: only then does zlib hold state to free.
    private var isInitialized = false

    private init() {
        stream = .allocate(capacity: 1)
        // All zero: zalloc/zfree/opaque Z_NULL select zlib's own allocator.
        stream.initialize(to: z_stream())
    }

    deinit {
        if isInitialized {
            // inflateEnd frees zlib's state. Its only failure code says the stream was
            // inconsistent; the memory is freed either way and there is no one left to tell.
            _ = inflateEnd(stream)
        }
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// An inflater that accepts a gzip or zlib stream (windowBits 15 + 32: detect the wrapper).
    package static func autoInflater() throws -> ZStream {
        let z = ZStream()
        // inflateInit2: Z_OK; Z_STREAM_ERROR for a bad parameter, Z_MEM_ERROR, Z_VERSION_ERROR.
        try z.check("inflateInit2", zonectl_inflateInit2(z.stream, 15 + 32))
        z.isInitialized = true
        return z
    }

    /// Throws the ``GzipError`` for `code` unless it is Z_OK.
    private func check(_ function: String, _ code: Int32) throws {
        guard code == Z_OK else { throw error(function, code) }
    }

    /// The error for `function` returning `code`, with zlib's message for it.
    private func error(_ function: String, _ code: Int32) -> GzipError {
        let message: String
        if let msg = stream.pointee.msg {
            message = String(cString: msg)
        } else if let text = zError(code) {
            message = String(cString: text)
        } else {
            message = "no message"
        }
        return .zlib(function: function, code: Int(code), message: message)
    }
}

extension ZStream {
    /// Feeds all of `input` through the stream to its end and returns everything it produced.
    ///
    /// The output starts at `initialCapacity` bytes and doubles when full. Throws
    /// ``GzipError/truncated`` when the input ends inside a compressed stream and
    /// ``GzipError/trailingData(count:)`` when bytes follow its end.
    package func process(_ input: [UInt8], initialCapacity: Int) throws -> [UInt8] {
        var output = [UInt8](repeating: 0, count: max(initialCapacity, 64))
        var produced = 0
        var consumed = 0
        let chunkLimit = Int(UInt32.max)  // avail_in and avail_out are 32-bit
        try input.withUnsafeBufferPointer { source in
            while true {
                if produced == output.count {
                    output.append(contentsOf: repeatElement(0, count: output.count))
                }
                let inputChunk = min(source.count - consumed, chunkLimit)
                stream.pointee.next_in = source.baseAddress.map { UnsafeMutablePointer(mutating: $0 + consumed) }
                stream.pointee.avail_in = uInt(inputChunk)
                let code = output.withUnsafeMutableBufferPointer { target -> Int32 in
                    let outputChunk = min(target.count - produced, chunkLimit)
                    stream.pointee.next_out = target.baseAddress.map { $0 + produced }
                    stream.pointee.avail_out = uInt(outputChunk)
                    // Z_OK on progress, Z_STREAM_END at the end, Z_BUF_ERROR when no progress was
                    // possible, Z_DATA_ERROR (corrupt input, bad check value), Z_NEED_DICT, Z_MEM_ERROR.
                    let code = inflate(stream, Z_NO_FLUSH)
                    produced += outputChunk - Int(stream.pointee.avail_out)
                    return code
                }
                consumed += inputChunk - Int(stream.pointee.avail_in)
                // Neither pointer may be used once the closures that lent them have returned.
                stream.pointee.next_in = nil
                stream.pointee.next_out = nil
                switch code {
                case Z_STREAM_END:
                    guard consumed == source.count else { throw GzipError.trailingData(count: source.count - consumed) }
                    return
                case Z_OK:
                    continue
                case Z_BUF_ERROR where consumed == source.count:
                    // No progress possible: inflate wants input that is not there.
                    throw GzipError.truncated
                default:
                    throw error("inflate", code)
                }
            }
        }
        // Exact size: a build may keep what it decompressed.
        if produced < output.count / 2 { return Array(output[..<produced]) }
        output.removeSubrange(produced...)
        return output
    }
}
