import Foundation

/// `value` with `digits` decimals (0...9), exactly as `%.Nf` writes it, through C's formatter:
/// Foundation's `String(format:)` costs microseconds a call, a visible part of a one-city
/// rebuild's printed table.
package func decimal(_ value: Double, digits: Int) -> String {
    precondition((0...9).contains(digits))
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 48) { buffer in
        let written = withVaList([value]) { vsnprintf(buffer.baseAddress, buffer.count, "%.\(digits)f", $0) }
        guard written >= 0, written < buffer.count else { return String(format: "%.\(digits)f", value) }
        return String(cString: buffer.baseAddress!)
    }
}
