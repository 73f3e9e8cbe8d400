import ArgumentParser

@main
struct Reel: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reel",
        abstract: "Record gesture sessions against a headless UIKit transition engine and replay them to catch regressions.",
        version: "reel " + ReelVersion.text,
        subcommands: [
            DemoCommand.self,
            InitCommand.self, MigrateCommand.self, InfoCommand.self, ScenariosCommand.self, EngineCommand.self,
            SynthCommand.self, RecordCommand.self, ExportCommand.self, ReplayCommand.self, AcceptCommand.self, ReviewCommand.self,
            MergeCommand.self, CompareCommand.self, PruneCommand.self,
            QueryCommand.self, ShowCommand.self, ReportCommand.self, CaptureCommand.self, KitCommand.self,
            BenchCommand.self,
            PublishCommand.self,
        ]
    )
}
