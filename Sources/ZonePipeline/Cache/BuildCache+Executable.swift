import Foundation

extension BuildCache {
    /// Size and modification time of the running executable: a new zonectl never reuses what an
    /// older one cached.
    public static var executableIdentity: String {
        let path = Bundle.main.executablePath ?? CommandLine.arguments[0]
        let attributes = (try? FileManager.default.attributesOfItem(atPath: path)) ?? [:]
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(size)-\(modified)"
    }
}
