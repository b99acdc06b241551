import ArgumentParser
import Foundation
import ZonePipeline

/// Shared setup and error policy: load pipeline.yml, run, and turn failures into the exit
/// codes of the CLI contract (1 findings, 2 runtime failure) in one place.
protocol ZonectlCommand: ParsableCommand {
    var global: GlobalOptions { get }
    /// Runs with the loaded configuration; returns the exit code.
    func run(config: PipelineConfig) throws -> ExitCode
}

extension ZonectlCommand {
    func run() throws {
        let code: ExitCode
        do {
            code = try run(config: try loadConfig())
        } catch let error as ConfigError {
            printError(error.description)
            code = error.kind == .io ? ExitCode(2) : .failure
        } catch let error as SourceError {
            printError(error.description)
            code = ExitCode(2)
        } catch let error as OutputError {
            printError(error.description)
            code = ExitCode(2)
        } catch let error as TargetError {
            printError("zonectl: error: \(error)")
            code = ExitCode(2)
        } catch let error as ValidationError {
            throw error  // usage (64), reported by ArgumentParser
        } catch let error as ExitCode {
            throw error
        } catch {
            printError("zonectl: error: \(error)")  // any other runtime failure (I/O): exit 2
            code = ExitCode(2)
        }
        if code != .success { throw code }
    }

    /// `--config`, else ./pipeline.yml if present, else the defaults.
    func loadConfig() throws(ConfigError) -> PipelineConfig {
        if let path = global.config { return try PipelineConfig.load(path: path) }
        if FileManager.default.fileExists(atPath: "pipeline.yml") { return try PipelineConfig.load(path: "pipeline.yml") }
        return .default
    }

    var jobs: Int { global.jobs ?? defaultJobs }

    /// The configuration file read, if any.
    var configPath: String? {
        global.config ?? (FileManager.default.fileExists(atPath: "pipeline.yml") ? "pipeline.yml" : nil)
    }

    /// What a local write must never touch: the zone sources and the configuration.
    func inputsToProtect(zones: [String]) -> [OwnedDirectory.Protected] {
        zones.map { OwnedDirectory.Protected($0, "the zone sources") } + (configPath.map { [OwnedDirectory.Protected($0, "the config")] } ?? [])
    }

    /// The build cache directory, checked as zonectl's own and created; nil with --no-cache.
    func ownedCache(_ path: String, disabled: Bool, protecting: [OwnedDirectory.Protected]) throws(OutputError) -> BuildCache? {
        if disabled { return nil }
        try OwnedDirectory.check(path, for: .cache, protecting: protecting).prepare()
        return BuildCache(directory: path, codeIdentity: executableIdentity())
    }
}

/// Writes a line to standard error.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
