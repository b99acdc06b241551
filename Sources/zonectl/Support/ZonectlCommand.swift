import ArgumentParser
import Foundation
import URLRedaction
import ZoneFormats
import ZonePipeline
import ZoneStores
import ZoneSupport

/// Shared setup and error policy, in one place: pipeline.yml is read once, the command runs,
/// and whatever it throws becomes the CLI contract's exit code (1 findings, 2 runtime failure,
/// 64 usage). Commands return `.failure` for findings and throw everything else.
/// Each names itself (`commandName`): a name derived from the type's went through
/// `String(describing:)`, a search of the binary's protocol conformances per command at every
/// start.
protocol ZonectlCommand: ParsableCommand {
    var global: GlobalOptions { get }
    /// Runs with pipeline.yml as read; returns the exit code.
    func run(_ configFile: ConfigFile) throws -> ExitCode
}

extension ZonectlCommand {
    func run() throws {
        BuildProcess.tune()
        let code: ExitCode
        do {
            code = try run(try ConfigFile.load(global.config))
        } catch let error as ValidationError {
            throw error  // usage (64), reported by ArgumentParser
        } catch let error as StoreLocationError {
            throw ValidationError(error.message)
        } catch let error as OptionError {
            throw ValidationError(error.message)
        } catch let error as ExitCode {
            throw error
        } catch let error as ConfigError {
            printError(redactingURLCredentials(error.description))
            code = error.kind == .io ? ExitCode(2) : .failure
        } catch let error as SourceError {
            printError(error.description)  // "path: error: …"
            code = ExitCode(2)
        } catch let error as OutputError {
            printError(error.description)
            code = ExitCode(2)
        } catch {
            // Any other runtime failure; a URL in it (a target, an endpoint) shows no credentials.
            printError(redactingURLCredentials("zonectl \(Self._commandName): error: \(error)"))
            code = ExitCode(2)
        }
        if code != .success { throw code }
    }

    var jobs: Int { global.jobs ?? defaultJobs }

    /// The build these options ask for, before its cache is attached (``cached(_:_:also:)``):
    /// its `inputs` are what the output directories must not touch.
    func buildRequest(_ configFile: ConfigFile, _ options: BuildOptions) -> BuildRequest {
        BuildRequest(configFile: configFile, zones: options.zones, jobs: jobs)
    }

    /// `request` with the options' cache (``BuildRequest/cached(in:also:)``), unless `--no-cache`.
    func cached(_ request: BuildRequest, _ options: BuildOptions, also: [OwnedDirectory.Protected] = []) throws
        -> BuildRequest
    {
        options.noCache ? request : try request.cached(in: options.cache, also: also)
    }

    /// Progress lines on stderr, when it is a terminal.
    func progress(_ line: String) {
        if isatty(STDERR_FILENO) != 0 { printError("zonectl: " + line) }
    }
}

/// Options parsed by a library type: its usage errors (``StoreLocationError``, ``OptionError``)
/// as ArgumentParser's (exit 64), for `validate()`.
func usage<T>(_ parse: () throws -> T) throws -> T {
    do { return try parse() } catch let error as StoreLocationError {
        throw ValidationError(error.message)
    } catch let error as OptionError { throw ValidationError(error.message) }
}

/// Ends a successful command here, output flushed, leaving its memory to the system whole:
/// releasing a build's summaries, findings and artifacts one by one on the way out was a large
/// part of a one-city rebuild.
func exitLeavingMemory() -> Never {
    fflush(nil)  // every output stream
    exit(0)
}

/// Writes a line to standard error, control characters escaped (``terminalSafeLines(_:)``).
func printError(_ line: String) {
    FileHandle.standardError.write(Data((terminalSafeLines(line) + "\n").utf8))
}

/// Prints human-readable text on stdout, control characters escaped (``terminalSafeLines(_:)``):
/// names from zone files and stores reach tables and summaries. JSON is printed as it is.
func printText(_ text: String, terminator: String = "\n") {
    print(terminalSafeLines(text), terminator: terminator)
}

/// Prints a value as JSON on stdout (sorted keys, pretty, slashes as they are).
func printJSON<T: Encodable>(_ value: T) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    print(String(decoding: try encoder.encode(value), as: UTF8.self))
}
