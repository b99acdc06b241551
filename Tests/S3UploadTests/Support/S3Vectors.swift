import Foundation

/// The known answers of `Fixtures/sigv4/s3-vectors.md`: per `### title`, the canonical
/// request (`--- creq`), string to sign (`--- sts`) and signature (`--- signature <hex>`), or a
/// one-line `### title signature <hex>`.
struct S3Vectors {
    struct Answer {
        var canonicalRequest: String?
        var stringToSign: String?
        var signature: String
    }

    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    let answers: [String: Answer]

    static func load() throws -> S3Vectors {
        try S3Vectors(parsing: Fixtures.text(Fixtures.sigv4().appendingPathComponent("s3-vectors.md")))
    }

    init(parsing text: String) throws {
        var answers: [String: Answer] = [:]
        var title: String?
        var block: String?
        var lines: [String] = []
        var current = Answer(signature: "")

        func finishBlock() {
            switch block {
            case "creq": current.canonicalRequest = lines.joined(separator: "\n")
            case "sts": current.stringToSign = lines.joined(separator: "\n")
            default: break
            }
            block = nil
            lines = []
        }

        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("### ") {
                let heading = line.dropFirst(4)
                if let range = heading.range(of: " signature ") {  // one-line form
                    answers[String(heading[..<range.lowerBound])] = Answer(
                        signature: String(heading[range.upperBound...]))
                    title = nil
                } else {
                    title = String(heading)
                    current = Answer(signature: "")
                }
            } else if line == "--- creq" || line == "--- sts" {
                finishBlock()
                block = String(line.dropFirst(4))
            } else if line.hasPrefix("--- signature ") {
                finishBlock()
                guard let name = title else { throw Malformed(description: "signature outside a section") }
                current.signature = String(line.dropFirst("--- signature ".count))
                answers[name] = current
                title = nil
            } else if block != nil {
                lines.append(line)
            }
        }
        self.answers = answers
    }
}
