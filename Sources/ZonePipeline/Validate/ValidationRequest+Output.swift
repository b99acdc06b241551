import Foundation

extension ValidationRequest.Result {
    /// As text: the findings for stderr (`path:line:col: severity: message`; each kind of warning
    /// once, with a count of the others, unless `verbose`) and the summary line for stdout.
    public func textLines(verbose: Bool) -> (findings: [String], summary: String) {
        let findings =
            verbose
            ? diagnostics.map { terminalSafe($0.description) }
            : diagnostics.summarisingWarnings().map { s in
                terminalSafe(s.first.description)
                    + (s.more > 0 ? " (and \(plural(s.more, "more warning")) like it; all with --verbose)" : "")
            }
        let errors = diagnostics.count { $0.severity == .error }
        let warnings = diagnostics.count - errors
        return (
            findings,
            "\(plural(files, "file")), \(plural(features, "feature")): \(plural(errors, "error")), \(plural(warnings, "warning"))"
        )
    }

    /// As GitHub Actions workflow commands, one per finding and gap (a gap as a warning).
    public var annotations: [String] {
        (diagnostics + gaps.map(GapLines.diagnostic)).map { d in
            let l = d.location
            return
                "::\(d.severity.rawValue) file=\(property(terminalSafe(l.file))),line=\(l.line),col=\(l.column)::\(escape(terminalSafe(d.message)))"
        }
    }

    /// As one JSON document: a summary (files, features, errors, warnings), the findings, and
    /// the gaps when there are any.
    public var jsonDocument: String {
        struct Entry: Encodable {
            var file: String, line: Int, column: Int, severity: String, message: String
        }
        struct Document: Encodable {
            var summary: [String: Int]
            var diagnostics: [Entry]
            var gaps: [GapFinding]?
        }
        let counts = [
            "files": files, "features": features, "errors": diagnostics.count { $0.severity == .error },
            "warnings": diagnostics.count { $0.severity == .warning },
        ]
        let doc = Document(
            summary: counts,
            diagnostics: diagnostics.map {
                Entry(
                    file: $0.location.file, line: $0.location.line, column: $0.location.column,
                    severity: $0.severity.rawValue, message: $0.message)
            }, gaps: gaps.isEmpty ? nil : gaps)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(doc)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

/// Workflow command data escaping (GitHub's toolkit: %, CR, LF).
private func escape(_ s: String) -> String {
    s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
        .replacingOccurrences(of: "\n", with: "%0A")
}

/// Workflow command property escaping (also ':' and ',').
private func property(_ s: String) -> String {
    escape(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
}
