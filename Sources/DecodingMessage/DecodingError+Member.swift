/// A manifest that does not decode, in plain words naming the member concerned by its JSON path
/// (`cities[3].key`).
extension DecodingError {
    /// `missing member "cities[3].key"`, `member "version" is not a string`, and the like.
    public var memberDescription: String {
        switch self {
        case .keyNotFound(let key, let context):
            return "missing member \"\(Self.path(context.codingPath + [key]))\""
        case .typeMismatch(let type, let context):
            return "\(Self.member(context)) is not \(Self.kind(type))"
        case .valueNotFound(let type, let context):
            return "\(Self.member(context)) is null, expected \(Self.kind(type))"
        case .dataCorrupted(let context):
            guard !context.codingPath.isEmpty else { return "not valid JSON" }
            return "\(Self.member(context)): \(context.debugDescription)"
        @unknown default:
            return "\(self)"
        }
    }

    private static func member(_ context: Context) -> String {
        context.codingPath.isEmpty ? "the document" : "member \"\(path(context.codingPath))\""
    }

    /// `cities[3].key`: array indexes in brackets, member names joined with dots.
    private static func path(_ keys: [any CodingKey]) -> String {
        var out = ""
        for key in keys {
            if let index = key.intValue {
                out += "[\(index)]"
            } else {
                out += (out.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return out
    }

    private static func kind(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is Int.Type, is Int64.Type, is Double.Type: return "a number"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Dictionary") || name.hasPrefix("[") && name.contains(":") { return "an object" }
            if name.hasPrefix("Array") || name.hasPrefix("[") { return "an array" }
            return name
        }
    }
}
