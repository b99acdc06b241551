/// Reading the published style table (the manifest's `styles` artifact): a JSON object of style
/// name → simplestyle properties.
extension ZoneStyle {
    /// The styles of a style table's decoded content, by name.
    ///
    /// Each simplestyle value must follow the rule the pipeline checks before it publishes
    /// (colours as MapLibre reads them, opacities in 0…1, widths >= 0): a table that breaks it
    /// was not written by zonectl, and is refused (``ZoneClientError/badStyle(key:reason:)``,
    /// naming the style and the value). Other members (pipeline.yml's `styles.keys`) may hold
    /// any value and are not read. `key` names the table in errors.
    public static func table(from content: [UInt8], key: String = "style table") throws(ZoneClientError)
        -> [String: ZoneStyle]
    {
        var valueProblem: String?
        let result = content.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer)
            return Result { () throws(JSONScanner.Failure) -> [String: ZoneStyle] in
                var table: [String: ZoneStyle] = [:]
                guard scanner.peek() == UInt8(ascii: "{") else { throw scanner.fail("not a JSON object of styles") }
                try scanner.members { (s: inout JSONScanner, name: String) throws(JSONScanner.Failure) in
                    guard s.peek() == UInt8(ascii: "{") else {
                        throw s.fail("style \(jsonQuoted(name)) is not an object")
                    }
                    table[name] = try style(named: name, &s, problem: &valueProblem)
                }
                guard scanner.peek() == 0 else { throw scanner.fail("data after the style table") }
                return table
            }
        }
        switch result {
        case .success(let table): return table
        case .failure(let failure):
            throw .badStyle(key: key, reason: valueProblem ?? "byte \(failure.offset): \(failure.message)")
        }
    }

    /// One entry's members, each simplestyle value checked and read; a value that breaks its
    /// rule is described in `problem`, and stops the scan.
    private static func style(named name: String, _ s: inout JSONScanner, problem: inout String?)
        throws(JSONScanner.Failure) -> ZoneStyle
    {
        var style = ZoneStyle()
        try s.members { (s: inout JSONScanner, member: String) throws(JSONScanner.Failure) in
            guard let rule = ValueRule(key: member) else { return try s.skipValue() }
            let next = s.peek()
            let start = s.position
            var text: String?
            var number: Double?
            if next == UInt8(ascii: "\"") {
                text = try s.string()
            } else if next == UInt8(ascii: "-") || (0x30...0x39).contains(next) {
                number = try s.number()
            } else {
                try s.skipValue()
            }
            let accepted: Bool
            switch member {
            case "fill", "stroke":
                let colour = text.flatMap(ZoneColour.parse)
                if member == "fill" { style.fill = colour ?? style.fill } else { style.stroke = colour ?? style.stroke }
                accepted = colour != nil
            case "stroke-width":
                style.strokeWidth = number ?? style.strokeWidth
                accepted = number.map { $0 >= 0 && $0.isFinite } ?? false
            default:
                if member == "fill-opacity" {
                    style.fillOpacity = number ?? style.fillOpacity
                } else {
                    style.strokeOpacity = number ?? style.strokeOpacity
                }
                accepted = number.map { (0...1).contains($0) } ?? false
            }
            guard accepted else {
                let raw = String(decoding: UnsafeBufferPointer(rebasing: s.bytes[start..<s.position]), as: UTF8.self)
                problem = "style \(jsonQuoted(name)): \(member) is \(raw), expected \(rule.expected)"
                throw s.fail("")
            }
        }
        return style
    }
}

/// What a simplestyle value must be, as the pipeline's rule says it in messages.
private enum ValueRule {
    case colour, opacity, width

    init?(key: String) {
        switch key {
        case "fill", "stroke": self = .colour
        case "fill-opacity", "stroke-opacity": self = .opacity
        case "stroke-width": self = .width
        default: return nil
        }
    }

    var expected: String {
        switch self {
        case .colour: "a colour (#rgb, #rgba, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl(), hsla() or a CSS colour name)"
        case .opacity: "a number from 0 to 1"
        case .width: "a number >= 0"
        }
    }
}
