import ArgumentParser
import ZonePipeline
import ZoneStores

extension Zonectl {
    /// `zonectl versions`: the kept published versions of the target.
    struct Versions: ZonectlCommand {
        static let configuration = CommandConfiguration(
            commandName: "versions", abstract: "List the published versions kept on the target.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var targetOptions: TargetOptions

        func run(_ configFile: ConfigFile) throws -> ExitCode {
            let store = try openStore(targetOptions.target, config: configFile.config)
            for v in try VersionHistory(store: store).list() {
                printText(
                    "\(v.isCurrent ? "*" : " ") \(v.version)  \(v.generatedAt)  \(v.cities == 1 ? "1 city" : "\(v.cities) cities")"
                )
            }
            return .success
        }
    }

    /// `zonectl rollback VERSION`: serve an earlier version's artifacts again.
    struct Rollback: ZonectlCommand {
        static let configuration = CommandConfiguration(
            commandName: "rollback",
            abstract: "Serve VERSION's artifacts again, as a new version; manifest.json is switched conditionally.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var targetOptions: TargetOptions

        @Argument(help: "A version listed by `zonectl versions`.")
        var version: String

        func run(_ configFile: ConfigFile) throws -> ExitCode {
            let config = configFile.config
            let inputs = BuildRequest(configFile: configFile).inputs + [.init(config.output, "the build output")]
            let store = try openStoreForWriting(targetOptions.target, config: config, protecting: inputs)
            let manifest = try VersionHistory(store: store).rollback(to: version)
            printText(
                "rolled back: \(store.name)/manifest.json now serves the artifacts of \(version) as version \(manifest.version)"
            )
            return .success
        }
    }

    /// `zonectl verify`: check the target as a client would.
    struct Verify: ZonectlCommand {
        static let configuration = CommandConfiguration(
            commandName: "verify",
            abstract: "Fetch manifest.json and every artifact as a client would; check sizes, hashes and headers.",
            discussion: "Exit 0 when consistent, 1 when something is wrong, 2 when the target cannot be read.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var targetOptions: TargetOptions

        func run(_ configFile: ConfigFile) throws -> ExitCode {
            let (name, result) = try Verifier.verify(target: targetOptions.target, config: configFile.config)
            for p in result.problems { printError("\(name): error: \(p)") }
            printText(
                "version \(result.version): \(plural(result.checked, "object")) checked, \(plural(result.problems.count, "problem"))"
            )
            return result.problems.isEmpty ? .success : .failure
        }
    }
}
