import ArgumentParser
import ReelFormats
import ReelRunner
import ReelStore

/// `reel export ARCHIVE`: archived sessions back as a gesture stream.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write archived sessions back as a gesture stream (JSON Lines).",
        discussion: """
            Writes every session (or those given with --session) in id order: the session line with \
            scenario, device, refresh rate, external id and tags, then its touches, every number \
            bit-exact. A scenario that is not the catalog's is written inline, so recording the output \
            reproduces the sessions with identical content hashes and traces. Exit codes: 0 written, \
            64 the -o file exists (without --force), 65 not a valid archive or a session it does not have, 66 missing archive, 74 the output cannot be written.
            """)

    @Argument(help: "The archive to read.")
    var archive: String

    @Option(name: .customLong("session"), help: "Export only this session id (repeatable).")
    var sessions: [Int64] = []

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    @Flag(help: "Overwrite the -o file when it exists.")
    var force = false

    func run() throws {
        try reportingErrors(archive: archive) {
            let store = try Archive.open(archive, mode: .readOnly)
            let requested = try requestedSessionIDs(store)
            let exporter = SessionExporter(archive: store)
            let sink = try OutputFile.standardOutputOr(output, force: force)
            let write = { (id: Int64) in try sink.write(GestureStreamWriter.encode(try exporter.session(id))) }
            if let requested {
                for id in requested { try write(id) }
            } else {
                // Every session, a block of ids at a time: memory stays flat however many there are.
                var last: Int64?
                while case let block = try store.sessionIDs(
                    scenarios: nil, ids: nil, tags: nil, notMatchedIn: nil, after: last, through: nil, limit: Self.idsPerBlock),
                    let end = block.last
                {
                    for id in block { try write(id) }
                    last = end
                }
            }
            try sink.close()
        }
    }

    /// Session ids read with one query when every session is exported.
    static let idsPerBlock = 4096

    /// The requested ids in ascending order (each once), nil for every session; a requested id
    /// that is not stored is an error before anything is written.
    private func requestedSessionIDs(_ store: Archive) throws -> [Int64]? {
        guard !sessions.isEmpty else { return nil }
        let requested = Set(sessions).sorted()
        let stored = try store.sessionIDs(ids: requested)
        if let missing = requested.first(where: { !stored.contains($0) }) {
            throw ArchiveError.sessionNotFound(id: missing)
        }
        return stored
    }
}
