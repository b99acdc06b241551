/// A JSON value as read from a source file; objects keep their member order.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The string, if this is a string.
    @inlinable public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }
}

/// A JSON object: members in source order (keys are unique; the reader rejects duplicates).
public struct JSONObject: Hashable, Sendable {
    public var members: [(key: String, value: JSONValue)]

    public init(_ members: [(key: String, value: JSONValue)] = []) {
        self.members = members
    }

    /// The value of `key`, or nil when absent.
    @inlinable public subscript(key: String) -> JSONValue? {
        for m in members where m.key == key { return m.value }
        return nil
    }

    public var keys: [String] { members.map(\.key) }

    /// The address of the members' storage: equal for copies of one object, so a cheap test
    /// of "the same object as before" (equal objects built apart differ; empty ones all agree).
    /// Inlinable, as the subscript: the scan's rules, grouping and style table read it for every
    /// feature, and a call into this module made each read retain and release the object.
    @inlinable package var storageIdentity: UInt {
        members.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    }

    public static func == (a: JSONObject, b: JSONObject) -> Bool {
        a.members.count == b.members.count
            && zip(a.members, b.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    public func hash(into h: inout Hasher) {
        h.combine(members.count)
        for m in members {
            h.combine(m.key)
            h.combine(m.value)
        }
    }
}

extension JSONValue: CustomStringConvertible {
    /// Compact JSON text, as the artifact writer prints it (``appendJSON(to:)``).
    public var description: String {
        var out: [UInt8] = []
        appendJSON(to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}

extension JSONValue: Encodable {
    /// Encodes as the JSON value it is.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case .bool(let b): try c.encode(b)
        case .number(let d): try c.encode(d)
        case .string(let s): try c.encode(s)
        case .array(let a): try c.encode(a)
        case .object(let o): try c.encode(o)
        }
    }
}

extension JSONObject: Encodable {
    /// Encodes as a JSON object (its member order is the encoder's: sorted with `.sortedKeys`).
    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a }))
    }
}
