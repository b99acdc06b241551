import Foundation
import ZoneFormats

/// How the diff reports print numbers: grouped digits, signed percentages, byte sizes.
enum DiffNumbers {
    /// 1234567.8 → "1,234,568 m²".
    static func area(_ m2: Double?) -> String {
        guard let m2 else { return "–" }
        return grouped(Int(m2.rounded())) + " m²"
    }

    /// An area change with its sign: "+1,234 m²", "−56 m²" (a minus sign, not a hyphen).
    static func signedArea(_ m2: Double, sign: String) -> String {
        m2.rounded() == 0 ? "0 m²" : sign + area(m2)
    }

    /// +1.23 %, −0.5 %; "new" without a before area.
    static func percent(_ p: Double?) -> String {
        guard let p else { return "new" }
        if p == 0 { return "0 %" }
        // Two decimals, or two significant digits for changes smaller than 0.01 %.
        return (p > 0 ? "+" : "−") + String(format: abs(p) >= 0.01 ? "%.2f" : "%.2g", abs(p)) + " %"
    }

    /// "400 → 405", "– → 405", or "405" when equal.
    static func transition(_ t: Transition<Int>, _ format: (Int) -> String = grouped) -> String {
        if let b = t.before, let a = t.after, a == b { return format(a) }
        return (t.before.map(format) ?? "–") + " → " + (t.after.map(format) ?? "–")
    }

    /// 1234567 → "1,234,567".
    static func grouped(_ v: Int) -> String {
        let digits = String(abs(v))
        var out = ""
        for (i, c) in digits.reversed().enumerated() {
            if i > 0, i % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return (v < 0 ? "-" : "") + String(out.reversed())
    }

    /// 999 → "999 B", 23456 → "23.5 kB", 1.2e6 → "1.2 MB".
    static func bytes(_ v: Int) -> String {
        v >= 1_000_000
            ? String(format: "%.1f MB", Double(v) / 1e6)
            : v >= 1000 ? String(format: "%.1f kB", Double(v) / 1e3) : "\(v) B"
    }

    /// The middle of a [w, s, e, n] box as "47.55612 N, 7.61234 E".
    static func place(_ box: [Double]?) -> String {
        guard let box, box.count == 4 else { return "" }
        let lat = (box[1] + box[3]) / 2
        let lon = (box[0] + box[2]) / 2
        return String(format: "%.5f %@, %.5f %@", abs(lat), lat < 0 ? "S" : "N", abs(lon), lon < 0 ? "W" : "E")
    }

    /// A property value as JSON text, "–" when absent.
    static func value(_ v: JSONValue?) -> String { v.map(\.description) ?? "–" }
}
