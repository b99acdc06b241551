import Foundation

/// The bytes of one source file, with line/column lookup computed on demand.
///
/// Offsets are byte offsets into `bytes`. Lookups in increasing order on one line (the
/// reader's pattern) cost time proportional to the distance moved, so even a file written on
/// a single line resolves all its features in linear time.
public final class SourceText {
    public let path: String
    public let bytes: [UInt8]
    private var lineStarts: [Int] = []
    private var cursor = (offset: 0, column: 1, line: 0)

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    /// Reads the file at `path` (thrown errors carry the path and the system's reason).
    public convenience init(contentsOf path: String) throws(SourceError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot read file" : "no such file"
            throw SourceError(path: path, message: reason)
        }
        self.init(path: path, bytes: [UInt8](data))
    }

    /// The 1-based line and column of byte `offset` (columns count Unicode scalars).
    public func location(ofByte offset: Int) -> SourceLocation {
        let offset = max(0, min(offset, bytes.count))
        if lineStarts.isEmpty { indexLines() }
        // Binary search for the last line start <= offset.
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        var (from, column) = (lineStarts[lo], 1)
        if cursor.line == lo, cursor.offset <= offset { (from, column) = (cursor.offset, cursor.column) }
        // A UTF-8 byte order mark is not a column (editors do not show it).
        if lo == 0, from < 3, offset >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { (from, column) = (3, 1) }
        for i in from..<offset where bytes[i] & 0xC0 != 0x80 { column += 1 }
        cursor = (offset, column, lo)
        return SourceLocation(file: path, line: lo + 1, column: column)
    }

    private func indexLines() {
        lineStarts = [0]
        bytes.withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress else { return }
            var p = 0
            while p < buf.count, let hit = memchr(base + p, 0x0A, buf.count - p) {
                p = base.distance(to: hit.assumingMemoryBound(to: UInt8.self)) + 1
                lineStarts.append(p)
            }
        }
    }
}

/// A file that could not be read.
public struct SourceError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String
    public var description: String { "\(path): error: \(message)" }
}
