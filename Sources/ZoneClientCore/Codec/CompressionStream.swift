#if canImport(Compression)
    internal import Compression

    /// One whole compressed stream decoded with the Compression framework's `compression_stream`
    /// functions (Apple platforms): raw DEFLATE for ``Gunzip``, brotli for ``Unbrotli``.
    enum CompressionStream {
        /// The bytes inside `input` decoded with `algorithm`; nil unless `input` is exactly one
        /// complete, valid stream: an error, an input that ends inside the stream, or bytes left
        /// after its end. `sizeHint` sizes the output.
        static func decode(_ input: ArraySlice<UInt8>, algorithm: compression_algorithm, sizeHint: Int) -> [UInt8]? {
            guard !input.isEmpty else { return nil }  // no stream of either format is empty
            let stream = UnsafeMutablePointer<compression_stream>.allocate(capacity: 1)
            defer { stream.deallocate() }
            // Sets every field; COMPRESSION_STATUS_ERROR for an algorithm this OS lacks or no memory.
            guard compression_stream_init(stream, COMPRESSION_STREAM_DECODE, algorithm) == COMPRESSION_STATUS_OK
            else { return nil }
            defer { compression_stream_destroy(stream) }
            // One byte over the hint: a stream that fills it exactly can report its end in the same call.
            var output = [UInt8](repeating: 0, count: max(sizeHint + 1, 64))
            var produced = 0
            return input.withUnsafeBufferPointer { source -> [UInt8]? in
                guard let base = source.baseAddress else { return nil }
                stream.pointee.src_ptr = base
                stream.pointee.src_size = source.count
                while true {
                    if produced == output.count { output.append(contentsOf: repeatElement(0, count: output.count)) }
                    // All the input is given: FINALIZE. Each call stops when the input is used up
                    // or the output is full, advancing src_ptr/src_size and dst_ptr/dst_size.
                    let status = output.withUnsafeMutableBufferPointer { target in
                        stream.pointee.dst_ptr = target.baseAddress! + produced
                        stream.pointee.dst_size = target.count - produced
                        let status = compression_stream_process(stream, Int32(COMPRESSION_STREAM_FINALIZE.rawValue))
                        produced = target.count - stream.pointee.dst_size
                        return status
                    }
                    switch status {
                    case COMPRESSION_STATUS_END:
                        guard stream.pointee.src_size == 0 else { return nil }  // bytes after the stream
                        output.removeSubrange(produced...)
                        return output
                    case COMPRESSION_STATUS_OK where stream.pointee.dst_size == 0:
                        continue  // the output is full: grow it
                    default:
                        return nil  // an error, or the input ended inside the stream
                    }
                }
            }
        }
    }
#endif
