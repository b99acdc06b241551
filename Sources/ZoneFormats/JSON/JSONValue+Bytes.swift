extension JSONValue {
    /// Appends this value as compact JSON text (no whitespace; object members in their order).
    ///
    /// Numbers: an integral value with magnitude below 2^53 prints as an integer ("2", "-3",
    /// and -0 as "0"); any other finite value prints as Swift's shortest round-trip text, which
    /// may use an exponent ("1e+300", valid JSON per RFC 8259 §6); a non-finite value, which
    /// JSON cannot express, prints as `null`.
    package func appendJSON(to out: inout [UInt8]) {
        switch self {
        case .null:
            out.append(contentsOf: "null".utf8)
        case .bool(let b):
            out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let d):
            appendJSONNumber(d, to: &out)
        case .string(let s):
            appendJSONString(s, to: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                element.appendJSON(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            object.appendJSON(to: &out)
        }
    }
}

extension JSONObject {
    /// Appends this object as compact JSON text, members in their order.
    package func appendJSON(to out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        for (i, member) in members.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            appendJSONString(member.key, to: &out)
            out.append(UInt8(ascii: ":"))
            member.value.appendJSON(to: &out)
        }
        out.append(UInt8(ascii: "}"))
    }
}

/// 2^53: below it every integer is a double, so an integral double prints exactly as an integer.
private let exactIntegerLimit = 9_007_199_254_740_992.0

/// Appends a property number (see ``JSONValue/appendJSON(to:)``).
package func appendJSONNumber(_ d: Double, to out: inout [UInt8]) {
    if d.magnitude < exactIntegerLimit, d == d.rounded(.towardZero) {
        FixedPointFormat.integers.append(d, to: &out)
    } else if d.isFinite {
        out.append(contentsOf: d.description.utf8)
    } else {
        out.append(contentsOf: "null".utf8)
    }
}
