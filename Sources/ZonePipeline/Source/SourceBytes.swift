import Foundation

/// The bytes of a source file: in memory, or mapped from the file (a large file; its pages
/// can be given back once read, ``release(upTo:)``). Immutable.
public struct SourceBytes: RandomAccessCollection, @unchecked Sendable {
    private let storage: Storage

    init(_ bytes: [UInt8]) {
        storage = Storage(copying: bytes)
    }

    /// The bytes of the file at `path`, read into memory; nil when it cannot be read.
    init?(reading path: String) {
        guard let storage = Storage(reading: path) else { return nil }
        self.storage = storage
    }

    /// The file at `path` mapped read-only; nil when it cannot be mapped (the caller reads it).
    init?(mapping path: String) {
        guard let storage = Storage(mapping: path) else { return nil }
        self.storage = storage
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { storage.count }

    public subscript(i: Int) -> UInt8 {
        precondition(i >= 0 && i < storage.count, "source byte \(i) out of range")
        return storage.base.load(fromByteOffset: i, as: UInt8.self)
    }

    public func withUnsafeBufferPointer<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E)
        -> R
    {
        defer { withExtendedLifetime(storage) {} }
        return try body(
            UnsafeBufferPointer(start: storage.base.assumingMemoryBound(to: UInt8.self), count: storage.count))
    }

    /// Gives back a mapped file's whole pages before `offset` (MADV_DONTNEED: a later read of
    /// them faults them in again from the page cache, so nothing is lost).
    /// Each pass over the text (checking UTF-8, indexing lines, parsing) goes front to back; an
    /// offset before the last one released starts a new pass, released from the start.
    func release(upTo offset: Int) {
        guard storage.isMapped else { return }
        let end = Swift.min(offset, storage.count) / Storage.page * Storage.page
        if end < storage.released { storage.released = 0 }
        guard end > storage.released else { return }
        madvise(storage.base + storage.released, end - storage.released, MADV_DONTNEED)
        storage.released = end
    }

    /// Owns the bytes: a heap copy or a mapping, freed or unmapped with the last reference.
    private final class Storage: @unchecked Sendable {
        let base: UnsafeMutableRawPointer
        let count: Int
        let isMapped: Bool
        /// Bytes before this offset were given back in the current pass (mapped files only).
        var released = 0
        static let page = Int(sysconf(Int32(_SC_PAGESIZE)))

        init(copying bytes: [UInt8]) {
            count = bytes.count
            isMapped = false
            base = .allocate(byteCount: Swift.max(bytes.count, 1), alignment: 16)
            bytes.withUnsafeBytes {
                base.copyMemory(from: $0.baseAddress ?? UnsafeRawPointer(base), byteCount: $0.count)
            }
        }

        /// Read straight into the buffer (no array in between: a build reads its input twice).
        init?(reading path: String) {
            let fd = open(path, O_RDONLY)
            guard fd >= 0 else { return nil }
            defer { close(fd) }
            var info = stat()
            guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
            var capacity = Swift.max(Int(info.st_size), 0) + 1  // one more, to see the end without a second call
            var buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
            var total = 0
            while true {
                let n = read(fd, buffer + total, capacity - total)
                if n < 0 && errno == EINTR { continue }
                if n < 0 {
                    buffer.deallocate()
                    return nil
                }
                if n == 0 { break }
                total += n
                if total == capacity {  // the file grew while being read
                    let larger = UnsafeMutableRawPointer.allocate(byteCount: capacity * 2, alignment: 16)
                    larger.copyMemory(from: buffer, byteCount: total)
                    buffer.deallocate()
                    (buffer, capacity) = (larger, capacity * 2)
                }
            }
            (base, count, isMapped) = (buffer, total, false)
        }

        init?(mapping path: String) {
            let fd = open(path, O_RDONLY)
            guard fd >= 0 else { return nil }
            defer { close(fd) }
            var info = stat()
            guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0,
                let mapped = mmap(nil, Int(info.st_size), PROT_READ, MAP_PRIVATE, fd, 0),
                mapped != UnsafeMutableRawPointer(bitPattern: -1)
            else { return nil }
            // Read front to back: the kernel reads ahead.
            madvise(mapped, Int(info.st_size), MADV_SEQUENTIAL)
            (base, count, isMapped) = (mapped, Int(info.st_size), true)
        }

        deinit {
            if isMapped { munmap(base, count) } else { base.deallocate() }
        }
    }
}
