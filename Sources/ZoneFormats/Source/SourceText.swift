import Foundation

/// The bytes of one source file, with line/column lookup computed on demand.
///
/// Offsets are byte offsets into `bytes`. Lookups in increasing order on one line (the
/// reader's pattern) cost time proportional to the distance moved, so even a file written on
/// a single line resolves all its features in linear time.
public final class SourceText {
    public let path: String
    public let bytes: SourceBytes
    private var lineStarts: [Int] = []
    private var cursor = (offset: 0, column: 1, line: 0)

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = SourceBytes(bytes)
    }

    package init(path: String, bytes: SourceBytes) {
        self.path = path
        self.bytes = bytes
    }

    /// Reads the file at `path` (thrown errors carry the path and the system's reason).
    public convenience init(contentsOf path: String) throws(SourceError) {
        guard let bytes = SourceBytes(reading: path) else { throw SourceError.unreadable(path) }
        self.init(path: path, bytes: bytes)
    }

    /// The file at `path` as a scan reads it: a file of at least `mappingThreshold` bytes is
    /// mapped, not read, and the reader gives back the pages it has passed (``release(upTo:)``),
    /// so checking a file of every city does not hold its whole text.
    package static func forScan(_ path: String, mappingThreshold: Int = 32 << 20) throws(SourceError) -> SourceText {
        var info = stat()
        if stat(path, &info) == 0, Int(info.st_size) >= mappingThreshold, let mapped = SourceBytes(mapping: path) {
            return SourceText(path: path, bytes: mapped)
        }
        return try SourceText(contentsOf: path)
    }

    /// Gives back the pages of a mapped file before `offset`: the reader has passed them (a
    /// later look at them reads them again from the page cache). Nothing for bytes in memory.
    package func release(upTo offset: Int) {
        bytes.release(upTo: offset)
    }

    /// The 1-based line and column of byte `offset` (columns count Unicode scalars).
    public func location(ofByte offset: Int) -> SourceLocation {
        let offset = max(0, min(offset, bytes.count))
        if lineStarts.isEmpty { indexLines() }
        // Binary search for the last line start <= offset.
        var lo = 0
        var hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        // A step back on the cursor's line, nearer the cursor than the line's start (a check
        // that looks at an earlier ring of a feature on a file written on one line): counted
        // back from the cursor, not again from the line's start.
        if cursor.line == lo, offset < cursor.offset, offset >= lineStarts[lo] + 3,
            cursor.offset - offset < offset - lineStarts[lo]
        {
            let column = cursor.column - scalarCount(offset..<cursor.offset)
            cursor = (offset, column, lo)
            return SourceLocation(file: path, line: lo + 1, column: column)
        }
        var (from, column) = (lineStarts[lo], 1)
        if cursor.line == lo, cursor.offset <= offset { (from, column) = (cursor.offset, cursor.column) }
        // A UTF-8 byte order mark is not a column (editors do not show it).
        if lo == 0, from < 3, offset >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            (from, column) = (3, 1)
        }
        column += scalarCount(from..<offset)
        cursor = (offset, column, lo)
        return SourceLocation(file: path, line: lo + 1, column: column)
    }

    /// The Unicode scalars in `range` of valid UTF-8: its bytes that are not continuation
    /// bytes (10xxxxxx), counted eight at a time (a byte at a time, a file on one line spent a
    /// quarter of its scan here).
    private func scalarCount(_ range: Range<Int>) -> Int {
        bytes.withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress, !range.isEmpty else { return 0 }
            var continuations = 0
            var i = range.lowerBound
            let high: UInt64 = 0x8080_8080_8080_8080
            while i + 8 <= range.upperBound {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                // Bit 7 set and bit 6 clear, in each byte.
                continuations += (word & high & ~(word << 1)).nonzeroBitCount
                i += 8
            }
            while i < range.upperBound {
                if base[i] & 0xC0 == 0x80 { continuations += 1 }
                i += 1
            }
            return range.count - continuations
        }
    }

    private func indexLines() {
        lineStarts = [0]
        bytes.withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress else { return }
            // In steps, giving back a mapped file's pages behind.
            let step = 4 << 20
            var from = 0
            while from < buf.count {
                let end = min(from + step, buf.count)
                var p = from
                while p < end, let hit = memchr(base + p, 0x0A, end - p) {
                    p = base.distance(to: hit.assumingMemoryBound(to: UInt8.self)) + 1
                    lineStarts.append(p)
                }
                from = end
                release(upTo: from - 1)
            }
        }
    }
}

/// A file that could not be read.
public struct SourceError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String
    public var description: String { "\(path): error: \(message)" }

    package init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    package static func unreadable(_ path: String) -> SourceError {
        SourceError(
            path: path, message: FileManager.default.fileExists(atPath: path) ? "cannot read file" : "no such file")
    }
}

/// The bytes of the file at `path`, read straight into the array (no intermediate `Data`
/// copy: a build reads its whole input at least twice); nil when it cannot be read.
package func readWholeFile(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    var capacity = max(Int(info.st_size), 0) + 1  // one more, to see the end without a second call
    while true {
        var failed = false
        // Read straight into the array's memory: no zeros written first (a one-city rebuild
        // reads the cache entries of every unchanged file).
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buf, count in
            count = 0
            while count < buf.count {
                let n = pread(fd, buf.baseAddress! + count, buf.count - count, off_t(count))
                if n < 0 && errno == EINTR { continue }
                if n < 0 {
                    failed = true
                    break
                }
                if n == 0 { break }
                count += n
            }
        }
        if failed { return nil }
        if bytes.count < capacity { return bytes }
        capacity *= 2  // the file grew while being read
    }
}
