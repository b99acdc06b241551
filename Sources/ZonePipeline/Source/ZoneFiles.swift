import Foundation

/// Finds the zone files named by paths: files as given, directories searched recursively for
/// `*.geojson` (other files, such as licences and notes, are left alone).
public enum ZoneFiles {
    /// The files, directories' contents sorted by path so every run reads them in one order.
    /// A path met twice (named twice, or named and also found in a named directory) is listed
    /// once, where first met: reading a file twice would report its ids as duplicates.
    public static func discover(_ paths: [String]) throws(SourceError) -> [String] {
        var files: [String] = []
        let fm = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw SourceError(path: path, message: "no such file or directory")
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            guard let walker = fm.enumerator(atPath: path) else {
                throw SourceError(path: path, message: "cannot list directory")
            }
            var found: [String] = []
            while let relative = walker.nextObject() as? String {
                if relative.lowercased().hasSuffix(".geojson") {
                    found.append(path.hasSuffix("/") ? path + relative : path + "/" + relative)
                }
            }
            if found.isEmpty { throw SourceError(path: path, message: "no *.geojson files in this directory") }
            files.append(contentsOf: found.sorted())
        }
        var seen: Set<String> = []
        return files.filter { seen.insert($0).inserted }
    }
}
