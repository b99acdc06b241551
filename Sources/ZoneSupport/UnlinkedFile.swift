#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A temporary file no directory lists: made in a directory by `mkstemp` and unlinked at once,
/// so it goes with this object or with the process, however the process ends. Written and read
/// by offset (`pwrite`, `pread`), from any thread. Its bytes wait in the page cache (evictable),
/// not in the process.
package final class UnlinkedFile: Sendable {
    private let fd: Int32

    /// A new file in `directory`, its short-lived name starting with `prefix`; nil when none can
    /// be made there.
    package init?(directory: String, prefix: String) {
        var template = Array((directory + "/" + prefix + "-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return nil }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        self.fd = fd
    }

    deinit { close(fd) }

    /// Writes `bytes` at `offset`; false when the file takes fewer (`errno` says why).
    package func write(_ bytes: [UInt8], at offset: Int) -> Bool {
        bytes.withUnsafeBytes { buf in
            var n = 0
            while n < buf.count {
                let got = pwrite(fd, buf.baseAddress! + n, buf.count - n, off_t(offset + n))
                if got < 0 && errno == EINTR { continue }
                if got <= 0 { return false }
                n += got
            }
            return true
        }
    }

    /// `count` bytes from `offset`; nil when the file ends or fails before.
    package func read(from offset: Int, count: Int) -> [UInt8]? { readFully(fd, from: offset, count: count) }

    /// Why the last failed write on this thread failed, as the C library words it.
    package static var lastError: String { String(cString: strerror(errno)) }
}

/// `count` bytes of the file open as `fd`, from `offset` (`pread`, again after an interrupt or
/// a short read); nil when the file ends or fails before.
package func readFully(_ fd: Int32, from offset: Int, count: Int) -> [UInt8]? {
    let bytes = [UInt8](unsafeUninitializedCapacity: max(count, 1)) { buf, n in
        n = 0
        while n < count {
            let got = pread(fd, buf.baseAddress! + n, count - n, off_t(offset + n))
            if got < 0 && errno == EINTR { continue }
            if got <= 0 { break }
            n += got
        }
    }
    return bytes.count == count ? bytes : nil
}
