import ReelEngine
import ReelJSON
import ReelStore
import ReelTrace

/// Turns archived sessions back into gesture-stream sessions that record into identical sessions
/// (same content hash, same trace with the same engine).
///
/// A scenario whose stored spec is the catalog's spec of that name is written by name; any other
/// (a scenario file, or a catalog scenario recorded by a build whose catalog differed) is written
/// inline, so the output records without the original scenario files.
public final class SessionExporter {
    private let archive: Archive
    /// Per stored spec: the inline spec to write, or nil to write the catalog name.
    private var inlineSpecs: [String: String?] = [:]

    public init(archive: Archive) {
        self.archive = archive
    }

    /// Session `id` as a gesture-stream session (source file and line are left at their defaults).
    public func session(_ id: Int64) throws -> GestureSession {
        let (header, touches) = try archive.loadInput(id)
        return GestureSession(
            scenario: header.scenarioName, scenarioSpecJSON: try inlineSpec(header), device: header.device,
            refreshHz: header.refreshHz, externalID: header.externalID, tags: header.tags, touches: touches)
    }

    private func inlineSpec(_ header: SessionHeader) throws -> String? {
        if let known = inlineSpecs[header.scenarioSpecJSON] { return known }
        var inline: String?
        if ScenarioCatalog.named(header.scenarioName)?.canonicalJSON != header.scenarioSpecJSON {
            // Re-written by the JSON writer: one line, and readable by the strict gesture-stream parser.
            guard let value = try? JSONParser.parse(header.scenarioSpecJSON), case .object = value else {
                throw ArchiveError.invalidStoredValue(
                    table: "scenarios", column: "spec_json", value: header.scenarioSpecJSON)
            }
            inline = JSONWriter.text(of: value)
        }
        inlineSpecs[header.scenarioSpecJSON] = inline
        return inline
    }
}
