import Foundation
import ZoneClientCore

/// Lines for stdout, written in large blocks (a lookup prints millions of short lines).
struct OutputBuffer {
    private var bytes: [UInt8] = []

    mutating func append(_ line: String) {
        bytes.append(contentsOf: line.utf8)
        if bytes.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
        guard !bytes.isEmpty else { return }
        FileHandle.standardOutput.write(Data(bytes))
        bytes.removeAll(keepingCapacity: true)
    }
}

/// `s` as a JSON string literal, control characters (C0, DEL, C1) escaped: a terminal reads the lines.
func jsonString(_ s: String) -> String { jsonQuoted(s, escapingDELAndC1: true) }

/// All of standard input.
func readStandardInput() -> [UInt8] {
    [UInt8](FileHandle.standardInput.readDataToEndOfFile())
}

/// File contents by path, nil when unreadable.
enum FileManagerShim {
    static func contents(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces, tabs and carriage returns.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
