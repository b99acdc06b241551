import Foundation
import ZoneFormats
import ZonePipeline

/// Prints findings as text (stderr, `path:line:col: severity: message`), as one JSON document
/// on stdout, or as GitHub Actions workflow commands on stdout.
struct DiagnosticPrinter {
    let format: OutputFormat
    /// Text: every warning, not one line per kind.
    var verbose = false

    /// `gaps`: the gap report of `validate` (JSON: a `gaps` member; GitHub: one warning each).
    func print(_ diagnostics: [Diagnostic], files: Int, features: Int, gaps: [GapFinding] = []) {
        switch format {
        case .text:
            if verbose {
                for d in diagnostics { printError(terminalSafe(d.description)) }
            } else {
                for s in diagnostics.summarisingWarnings() {
                    printError(
                        terminalSafe(s.first.description)
                            + (s.more > 0 ? " (and \(plural(s.more, "more warning")) like it; all with --verbose)" : "")
                    )
                }
            }
            let errors = diagnostics.count { $0.severity == .error }
            let warnings = diagnostics.count - errors
            Swift.print(
                "\(plural(files, "file")), \(plural(features, "feature")): \(plural(errors, "error")), \(plural(warnings, "warning"))"
            )
        case .github, .markdown:
            for d in diagnostics + gaps.map(GapLines.diagnostic) {
                let l = d.location
                Swift.print(
                    "::\(d.severity.rawValue) file=\(property(terminalSafe(l.file))),line=\(l.line),col=\(l.column)::\(escape(terminalSafe(d.message)))"
                )
            }
        case .json:
            Swift.print(json(diagnostics, summary: ["files": files, "features": features], gaps: gaps))
        }
    }

    private func json(_ diagnostics: [Diagnostic], summary: [String: Int], gaps: [GapFinding]) -> String {
        struct Entry: Encodable {
            var file: String, line: Int, column: Int, severity: String, message: String
        }
        struct Document: Encodable {
            var summary: [String: Int]
            var diagnostics: [Entry]
            var gaps: [GapFinding]?
        }
        var counts = summary
        counts["errors"] = diagnostics.count { $0.severity == .error }
        counts["warnings"] = diagnostics.count { $0.severity == .warning }
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

    /// Workflow command data escaping (GitHub's toolkit: %, CR, LF).
    private func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Workflow command property escaping (also ':' and ',').
    private func property(_ s: String) -> String {
        escape(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
