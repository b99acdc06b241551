import ZoneFormats

/// `lon,lat` (or `lon lat`) as two decimal numbers in range (no hex, `inf` or `nan`); the
/// error says what is wrong, quoting at most 80 characters of `text`.
func parsePosition(_ text: some StringProtocol) throws(LookupError) -> (Double, Double) {
    let parts = text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" })
    guard parts.count == 2, let lon = decimal(parts[0]), let lat = decimal(parts[1]) else {
        let shown = text.count > 80 ? String(text.prefix(80)) + "…" : String(text)
        throw LookupError("expected `lon,lat` (two decimal numbers), got \(LookupRequest.quoted(shown))")
    }
    guard (-180...180).contains(lon), (-90...90).contains(lat) else {
        throw LookupError("\(lon),\(lat) is not a longitude in [-180, 180] and a latitude in [-90, 90]")
    }
    return (lon, lat)
}

/// `text` as a decimal number (digits, sign, point, exponent), nil for any other form.
private func decimal(_ text: some StringProtocol) -> Double? {
    guard text.utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 }),
        text.utf8.allSatisfy({
            ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2B || $0 == 0x2D || $0 == 0x65 || $0 == 0x45
        })
    else { return nil }
    return Double(text)
}
