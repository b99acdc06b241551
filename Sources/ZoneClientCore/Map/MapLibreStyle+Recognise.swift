extension MapLibreStyle {
    /// True when `bytes` are a style `zonectl style` wrote: a version 8 style whose top-level
    /// `metadata` names the manifest and version it draws (`zonectl:manifest`, `zonectl:version`).
    public static func isWrittenByZonectl(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer)
            var version: Double?
            var named = Set<String>()
            do {
                try scanner.members { (s: inout JSONScanner, name: String) throws(JSONScanner.Failure) in
                    let next = s.peek()
                    if name == "version", next == UInt8(ascii: "-") || (0x30...0x39).contains(next) {
                        version = try s.number()
                    } else if name == "metadata", next == UInt8(ascii: "{") {
                        try s.members { (s: inout JSONScanner, key: String) throws(JSONScanner.Failure) in
                            if s.peek() == UInt8(ascii: "\""), key.hasPrefix("zonectl:") {
                                _ = try s.string()
                                named.insert(key)
                            } else {
                                try s.skipValue()
                            }
                        }
                    } else {
                        try s.skipValue()
                    }
                }
                guard scanner.peek() == 0 else { return false }
            } catch {
                return false
            }
            return version == 8 && named.isSuperset(of: ["zonectl:manifest", "zonectl:version"])
        }
    }
}
