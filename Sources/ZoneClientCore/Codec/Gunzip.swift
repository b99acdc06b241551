#if canImport(CZlib)
    internal import CZlib

    /// gzip (RFC 1952) and raw DEFLATE (RFC 1951) decompression with zlib (Linux).
    enum Gunzip {
        /// The bytes inside one gzip stream; nil when the input is not exactly one complete,
        /// uncorrupted stream (zlib checks the header, its CRC-32 and length, and no byte may
        /// follow the trailer). `sizeHint` sizes the output.
        static func decompress(_ input: [UInt8], sizeHint: Int) -> [UInt8]? {
            inflateAll(input[...], windowBits: 15 + 16, sizeHint: sizeHint)
        }

        /// The bytes inside one raw DEFLATE stream; nil unless the input is exactly one
        /// complete stream. What the Compression framework's `COMPRESSION_ZLIB` decodes.
        static func inflateRaw(_ input: ArraySlice<UInt8>, sizeHint: Int) -> [UInt8]? {
            inflateAll(input, windowBits: -15, sizeHint: sizeHint)
        }

        /// zlib's `inflate` over all of `input`: gzip for windowBits 15 + 16, raw DEFLATE for -15.
        private static func inflateAll(_ input: ArraySlice<UInt8>, windowBits: Int32, sizeHint: Int) -> [UInt8]? {
            // zlib keeps a pointer back to the z_stream: it must not move, so it lives on the heap.
            let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
            stream.initialize(to: z_stream())
            defer {
                stream.deinitialize(count: 1)
                stream.deallocate()
            }
            guard zonectl_inflateInit2(stream, windowBits) == Z_OK else { return nil }
            defer { inflateEnd(stream) }
            var output = [UInt8](repeating: 0, count: max(sizeHint, 64))
            var produced = 0
            var code = Z_OK
            input.withUnsafeBufferPointer { source in
                stream.pointee.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                stream.pointee.avail_in = uInt(source.count)
                while code == Z_OK {
                    if produced == output.count { output.append(contentsOf: repeatElement(0, count: output.count)) }
                    let before = stream.pointee.avail_in
                    code = output.withUnsafeMutableBufferPointer { target in
                        stream.pointee.next_out = target.baseAddress! + produced
                        stream.pointee.avail_out = uInt(target.count - produced)
                        let result = inflate(stream, Z_NO_FLUSH)
                        produced = target.count - Int(stream.pointee.avail_out)
                        return result
                    }
                    // No progress with output space left: the input ended inside the stream.
                    if code == Z_BUF_ERROR, stream.pointee.avail_out == 0 || before != stream.pointee.avail_in {
                        code = Z_OK
                    }
                }
                stream.pointee.next_in = nil
                stream.pointee.next_out = nil
            }
            // Z_STREAM_END with input left: bytes after the stream (or a second gzip member).
            guard code == Z_STREAM_END, stream.pointee.avail_in == 0 else { return nil }
            output.removeSubrange(produced...)
            return output
        }
    }
#elseif canImport(Compression)
    internal import Compression

    /// gzip (RFC 1952) with the Compression framework (Apple platforms), which inflates raw
    /// DEFLATE only: ``GzipMember`` checks the header and the trailer around it.
    enum Gunzip {
        /// The bytes inside one gzip stream; nil when the input is not exactly one complete,
        /// uncorrupted stream (header, CRC-32 and length checked; no byte may follow the
        /// trailer). `sizeHint` sizes the output.
        static func decompress(_ input: [UInt8], sizeHint: Int) -> [UInt8]? {
            GzipMember.decompress(input, sizeHint: sizeHint, inflateRaw: inflateRaw)
        }

        /// The bytes inside one raw DEFLATE stream (`COMPRESSION_ZLIB`); nil unless the input is
        /// exactly one complete stream.
        static func inflateRaw(_ input: ArraySlice<UInt8>, sizeHint: Int) -> [UInt8]? {
            CompressionStream.decode(input, algorithm: COMPRESSION_ZLIB, sizeHint: sizeHint)
        }
    }
#endif
