import ArgumentParser

@main
struct Reel: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reel",
        abstract: "Record gesture sessions against a headless UIKit transition engine and replay them to catch regressions.",
        discussion: """
            Start with `reel demo`, or `reel init ARCHIVE`, `reel synth`, `reel record` and `reel replay`.
            Every command says what it does with --help; `reel help COMMAND` prints the same.

            Exit status: 0 success (for replay: nothing diverged), 1 replay found divergences, 2 some \
            sessions could not run (engine errors), 64 bad command line, 65 bad input data (stream, \
            profile, archive, engine reply), 66 a named input does not exist, 69 a separately built \
            part (reel-capture, reel-publish) is not installed, 70 a bug in reel (please report it), \
            73 an output could not be created, 74 writing failed.
            """,
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
