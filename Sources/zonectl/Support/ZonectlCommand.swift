import ArgumentParser
import Foundation
import URLRedaction
import ZoneFormats
import ZonePipeline
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
        reportShrunkenFiles()
        fixLargeAllocationThreshold()
        let code: ExitCode
        do {
            code = try run(try ConfigFile.load(global.config))
        } catch let error as ValidationError {
            throw error  // usage (64), reported by ArgumentParser
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

    /// `request` with the options' cache, its directory checked as zonectl's own (and created)
    /// before any work; `also` names paths the cache must not touch either.
    func cached(_ request: BuildRequest, _ options: BuildOptions, also: [OwnedDirectory.Protected] = []) throws
        -> BuildRequest
    {
        guard !options.noCache else { return request }
        var request = request
        try OwnedDirectory.check(options.cache, for: .cache, protecting: request.inputs + also).prepare()
        request.cache = BuildCache(directory: options.cache, codeIdentity: executableIdentity())
        return request
    }

    /// Progress lines on stderr, when it is a terminal.
    func progress(_ line: String) {
        if isatty(STDERR_FILENO) != 0 { printError("zonectl: " + line) }
    }
}

/// Size and modification time of the running executable: a new zonectl never reuses what an
/// older one cached.
func executableIdentity() -> String {
    let path = Bundle.main.executablePath ?? CommandLine.arguments[0]
    let attributes = (try? FileManager.default.attributesOfItem(atPath: path)) ?? [:]
    let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
    let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
    return "\(size)-\(modified)"
}

/// A large zone file is mapped while it is scanned (docs/ARCHITECTURE.md, "One build, end to
/// end"); if another program cuts it short meanwhile, reading past its new end raises SIGBUS.
/// That becomes a clear error (exit 2, nothing written) instead of a crash.
func reportShrunkenFiles() {
    signal(SIGBUS) { _ in
        let message: StaticString =
            "zonectl: error: a zone file was cut short while zonectl read it; run the command again\n"
        _ = write(2, message.utf8Start, message.utf8CodeUnitCount)
        _exit(2)
    }
}

/// glibc serves allocations above a threshold by mmap, returned on free; after such a block is
/// freed it raises the threshold (up to 32 MB), so the build's per-city arrays of a few MB then
/// stay in each worker's heap, which holds its high-water mark. Fixed at 16 MB, the peak RSS of
/// a large build falls markedly.
///
/// Fixing it also stops glibc from raising the trim threshold with it (to twice the mmap
/// threshold), so each worker's heap was given back above 128 KB of free top: a `madvise`
/// with a TLB flush on every core, then the pages faulted in again by the next city (hundreds
/// of thousands of page faults and seconds of system time in a large build). The trim threshold
/// is set to what glibc's own rule gives, 32 MB: a small fraction of those page faults and of
/// that system time, for a little more peak RSS.
func fixLargeAllocationThreshold() {
    #if canImport(Glibc)
        // mallopt(M_MMAP_THRESHOLD, …): Swift's Glibc module has neither (they are in <malloc.h>).
        typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
        let mmapThreshold: Int32 = -3
        let trimThreshold: Int32 = -1
        if let symbol = dlsym(nil, "mallopt") {  // nil is RTLD_DEFAULT
            let mallopt = unsafeBitCast(symbol, to: MallOpt.self)
            _ = mallopt(mmapThreshold, 16 << 20)
            _ = mallopt(trimThreshold, 32 << 20)
        }
    #endif
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
