import Foundation

/// The bytes of a source file: in memory, or mapped from the file (a large file; its pages
/// can be given back once read, ``release(upTo:)``). Immutable.
public struct SourceBytes: RandomAccessCollection, @unchecked Sendable {
    private let storage: Storage

    package init(_ bytes: [UInt8]) {
        storage = Storage(bytes)
    }

    /// The bytes of the file at `path`, read into memory; nil when it cannot be read.
    package init?(reading path: String) {
        guard let bytes = readWholeFile(path) else { return nil }
        storage = Storage(bytes)
    }

    /// The file at `path` mapped read-only; nil when it cannot be mapped (the caller reads it).
    package init?(mapping path: String) {
        guard let storage = Storage(mapping: path) else { return nil }
        self.storage = storage
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { storage.count }

    public subscript(i: Int) -> UInt8 {
        guard let mapped = storage.mapped else { return storage.array[i] }
        precondition(i >= 0 && i < storage.count, "source byte \(i) out of range")
        return mapped.load(fromByteOffset: i, as: UInt8.self)
    }

    public func withUnsafeBufferPointer<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E)
        -> R
    {
        guard let mapped = storage.mapped else { return try storage.array.withUnsafeBufferPointer(body) }
        defer { withExtendedLifetime(storage) {} }
        return try body(UnsafeBufferPointer(start: mapped.assumingMemoryBound(to: UInt8.self), count: storage.count))
    }

    /// Gives back a mapped file's whole pages before `offset` (MADV_DONTNEED: a later read of
    /// them faults them in again from the page cache, so nothing is lost).
    /// Each pass over the text (checking UTF-8, indexing lines, parsing) goes front to back; an
    /// offset before the last one released starts a new pass, released from the start.
    package func release(upTo offset: Int) {
        guard let mapped = storage.mapped else { return }
        let end = Swift.min(offset, storage.count) / Storage.page * Storage.page
        if end < storage.released { storage.released = 0 }
        guard end > storage.released else { return }
        madvise(mapped + storage.released, end - storage.released, MADV_DONTNEED)
        storage.released = end
    }

    /// Owns the bytes: an array, or a mapping unmapped with the last reference.
    private final class Storage: @unchecked Sendable {
        /// The bytes in memory; empty when mapped.
        let array: [UInt8]
        let mapped: UnsafeMutableRawPointer?
        let count: Int
        /// Bytes before this offset were given back in the current pass (mapped files only).
        var released = 0
        static let page = Int(sysconf(Int32(_SC_PAGESIZE)))

        init(_ bytes: [UInt8]) {
            (array, mapped, count) = (bytes, nil, bytes.count)
        }

        init?(mapping path: String) {
            let fd = open(path, O_RDONLY)
            guard fd >= 0 else { return nil }
            defer { close(fd) }
            var info = stat()
            guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0,
                let base = mmap(nil, Int(info.st_size), PROT_READ, MAP_PRIVATE, fd, 0),
                base != UnsafeMutableRawPointer(bitPattern: -1)
            else { return nil }
            // Read front to back: the kernel reads ahead.
            madvise(base, Int(info.st_size), MADV_SEQUENTIAL)
            (array, mapped, count) = ([], base, Int(info.st_size))
        }

        deinit {
            if let mapped { munmap(mapped, count) }
        }
    }
}
