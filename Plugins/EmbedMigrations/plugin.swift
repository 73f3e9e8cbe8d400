import Foundation
import PackagePlugin

/// Embeds the package's Migrations/*.sql files into the target as Swift source.
@main
struct EmbedMigrations: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let migrations = context.package.directoryURL.appending(path: "Migrations")
        let files = try FileManager.default.contentsOfDirectory(atPath: migrations.path)
            .filter { $0.hasSuffix(".sql") }
            .sorted()
            .map { migrations.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedMigrations.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) migrations",
                executable: try context.tool(named: "MigrationEmbedder").url,
                arguments: [output.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output]
            )
        ]
    }
}
