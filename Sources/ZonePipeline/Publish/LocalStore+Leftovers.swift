import Foundation

extension LocalStore {
    /// Removes, holding the store's lock (so no live write owns one), the temporary files of
    /// writes killed before their rename: `.<name>.<UUID>` as ``write(_:to:key:)`` names them,
    /// beside objects and under `.meta/`. Nothing else is touched, nor anything in hidden
    /// directories other than `.meta`.
    public func removeLeftovers() {
        _ = try? withLock { () throws(StoreError) in
            guard let walker = FileManager.default.enumerator(atPath: root) else { return }
            while let relative = walker.nextObject() as? String {
                let name = relative.split(separator: "/").last.map(String.init) ?? relative
                let type = walker.fileAttributes?[.type] as? FileAttributeType
                if type == .typeDirectory {
                    if name.hasPrefix("."), relative != ".meta" { walker.skipDescendants() }
                } else if type == .typeRegular, Self.isTemporary(name) {
                    try? FileManager.default.removeItem(atPath: root + "/" + relative)
                }
            }
        }
    }

    /// `.<name>.<UUID>`: the name ``write(_:to:key:)`` gives a file before renaming it.
    static func isTemporary(_ name: String) -> Bool {
        let uuidLength = 36
        guard name.hasPrefix("."), name.count > uuidLength + 2 else { return false }
        return name.dropLast(uuidLength).hasSuffix(".") && UUID(uuidString: String(name.suffix(uuidLength))) != nil
    }
}
