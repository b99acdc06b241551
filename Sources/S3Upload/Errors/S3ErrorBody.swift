import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The fields of an S3 XML error body:
/// `<Error><Code>NoSuchKey</Code><Message>…</Message><RequestId>…</RequestId></Error>`.
/// Only these three are read: others (`StringToSign`, `CanonicalRequest`, …) may echo the
/// request and are never kept.
struct S3ErrorBody: Equatable, Sendable {
    var code: String?
    var message: String?
    var requestID: String?

    /// Parses `bytes`; nil when they are not an XML document with an `Error` root.
    init?(parsing bytes: [UInt8]) {
        guard !bytes.isEmpty else { return nil }
        let delegate = ErrorBodyDelegate()
        let parser = XMLParser(data: Data(bytes))
        parser.delegate = delegate
        guard parser.parse(), delegate.rootIsError else { return nil }
        code = delegate.fields["Code"]
        message = delegate.fields["Message"]
        requestID = delegate.fields["RequestId"] ?? delegate.fields["RequestID"]
    }
}

/// Collects the text of the direct children of `<Error>` named in `wanted`.
private final class ErrorBodyDelegate: NSObject, XMLParserDelegate {
    static let wanted: Set<String> = ["Code", "Message", "RequestId", "RequestID"]
    var rootIsError = false
    var fields: [String: String] = [:]
    private var path: [String] = []
    private var text = ""

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        if path.isEmpty { rootIsError = name == "Error" }
        path.append(name)
        text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if path.count == 2, Self.wanted.contains(name) { fields[name] = text }
        path.removeLast()
        text = ""
    }
}
