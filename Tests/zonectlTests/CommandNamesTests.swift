import Foundation
import Testing

/// Every command names itself in its `CommandConfiguration`: a name derived from the type's
/// goes through `String(describing:)`, a search of the binary's protocol conformances per
/// command at every start (2.5 ms of each run). Each name is what `zonectl --help` lists.
@Suite struct CommandNamesTests {
    @Test func everyCommandNamesItselfAndHelpListsIt() throws {
        let commands = TestPaths.root.appendingPathComponent("Sources/zonectl/Commands")
        var names: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: commands.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: commands.appendingPathComponent(file), encoding: .utf8)
            let configurations = text.components(separatedBy: "CommandConfiguration(").dropFirst()
            for configuration in configurations {
                let head = configuration.drop { $0.isWhitespace }
                #expect(head.hasPrefix("commandName: \""), "\(file): a CommandConfiguration without commandName")
                if let name = head.split(separator: "\"").dropFirst().first { names.append(String(name)) }
            }
        }
        #expect(names.count >= 10)
        let help = try zonectl("--help", in: TestPaths.root)
        for name in names { #expect(help.stdout.contains("\n  \(name) "), "zonectl --help does not list \(name)") }
    }
}
