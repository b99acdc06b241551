import Foundation

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
