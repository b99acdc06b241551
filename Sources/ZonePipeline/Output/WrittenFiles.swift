import Foundation

/// What an owned directory's last write left, as its marker records it: files of a known
/// identity (a city artifact is known by its cache key) and their stamps. A file still at
/// its recorded stamp holds the bytes it was written with, so a build that would write the
/// same identity there reads nothing (otherwise a one-city rebuild would read and compare every
/// unchanged artifact, page faults and all).
///
/// A stamp is trusted only when the file's times are older than the marker's: a change made
/// within the same clock tick as the write would leave the stamp as it is (git's "racily
/// clean" entries); such a file is compared byte for byte, and its record trusted next time.
public struct WrittenFiles: Sendable {
    let directory: String
    private let records: [String: IdentifiedFile]
    /// The marker's modification time (seconds, nanoseconds).
    private let markerTime: (Int64, Int64)

    /// The records of the owned directory at `directory` (none when it has no marker).
    public init(directory: String) {
        self.init(directory: directory, marker: OwnershipMarker.read(in: directory))
    }

    init(directory: String, marker: OwnershipMarker?) {
        self.directory = directory
        var info = stat()
        if let identities = marker?.identities, stat(directory + "/" + OwnedDirectory.markerName, &info) == 0 {
            records = identities
            markerTime = (Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec))
        } else {
            records = [:]
            markerTime = (0, 0)
        }
    }

    /// True when the file at `path` (relative) was written with `identity` and has not changed
    /// since (a stat).
    public func holds(_ path: String, identity: String) -> Bool {
        guard let record = records[path], record.identity == identity,
            let now = FileStamp(path: directory + "/" + path), now.fields == record.stamp
        else { return false }
        // Fields 3...6: modification and change times, seconds and nanoseconds.
        let f = now.fields
        return (f[3], f[4]) < markerTime && (f[5], f[6]) < markerTime
    }
}
