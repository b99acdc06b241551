extension MapLibreStyle {
    /// True when `bytes` are a style `zonectl style` wrote: a version 8 style whose top-level
    /// `metadata` names the manifest and version it draws (`zonectl:manifest`, `zonectl:version`).
    public static func isWrittenByZonectl(_ bytes: [UInt8]) -> Bool {
        guard case .object(let style)? = try? JSONScanner.document(bytes), case .number(8)? = style["version"],
            case .object(let metadata)? = style["metadata"]
        else { return false }
        return metadata["zonectl:manifest"]?.stringValue != nil && metadata["zonectl:version"]?.stringValue != nil
    }
}
