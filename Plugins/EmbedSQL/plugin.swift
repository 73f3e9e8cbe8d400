import Foundation
import PackagePlugin

/// Embeds the package's Migrations/*.sql (the schema) and Queries/*.sql (the saved queries) into
/// the target as Swift source.
@main
struct EmbedSQL: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        try [("migrations", "Migrations"), ("queries", "Queries")].map { kind, folderName in
            let folder = context.package.directoryURL.appending(path: folderName)
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
                .filter { $0.hasSuffix(".sql") }
                .sorted()
                .map { folder.appending(path: $0) }
            let output = context.pluginWorkDirectoryURL.appending(path: "Embedded\(folderName).swift")
            return .buildCommand(
                displayName: "Embedding \(files.count) \(kind)",
                executable: try context.tool(named: "SQLEmbedder").url,
                arguments: [kind, output.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output]
            )
        }
    }
}
