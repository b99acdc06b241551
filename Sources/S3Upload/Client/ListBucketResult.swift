import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Parses a ListObjectsV2 response (`<ListBucketResult>` with `<Contents>` entries and
/// `<NextContinuationToken>`) with Foundation's XMLParser.
enum ListBucketResult {
    /// The page in `bytes`; `.invalidResponse` when it is not a complete ListBucketResult.
    static func parse(_ bytes: [UInt8]) throws(S3Error) -> S3ListPage {
        let delegate = ListBucketResultDelegate()
        let parser = XMLParser(data: Data(bytes))
        parser.delegate = delegate
        guard parser.parse(), delegate.isComplete else {
            throw .invalidResponse("ListObjectsV2 body is not XML (line \(parser.lineNumber))")
        }
        guard delegate.root == "ListBucketResult" else {
            throw .invalidResponse("ListObjectsV2 body has root <\(delegate.root ?? "")>, not <ListBucketResult>")
        }
        if let problem = delegate.problem { throw .invalidResponse("ListObjectsV2: \(problem)") }
        let truncated = delegate.isTruncated == "true"
        guard !truncated || delegate.nextToken != nil else {
            throw .invalidResponse("ListObjectsV2 page is truncated but has no NextContinuationToken")
        }
        return S3ListPage(objects: delegate.objects, nextContinuationToken: truncated ? delegate.nextToken : nil)
    }
}

private final class ListBucketResultDelegate: NSObject, XMLParserDelegate {
    var root: String?
    var objects: [S3ObjectSummary] = []
    var isTruncated: String?
    var nextToken: String?
    var problem: String?
    private var path: [String] = []
    private var text = ""
    private var ended = false
    private var entry: [String: String] = [:]

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        if path.isEmpty { root = name }
        path.append(name)
        if path.count == 2, name == "Contents" { entry = [:] }
        text = ""
    }

    /// Whether the root element was closed (libxml2 may accept a truncated document).
    var isComplete: Bool { ended && path.isEmpty }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if path.count == 1 { ended = true }
        switch path.count {
        case 2 where name == "IsTruncated": isTruncated = text
        case 2 where name == "NextContinuationToken": nextToken = text
        case 2 where name == "Contents": finishEntry()
        case 3 where path[1] == "Contents": entry[name] = text
        default: break
        }
        path.removeLast()
        text = ""
    }

    private func finishEntry() {
        guard let key = entry["Key"], let sizeText = entry["Size"], let size = Int64(sizeText) else {
            problem = problem ?? "a <Contents> entry lacks Key or a numeric Size"
            return
        }
        objects.append(
            S3ObjectSummary(key: key, size: size, etag: entry["ETag"] ?? "", lastModified: entry["LastModified"] ?? ""))
    }
}
