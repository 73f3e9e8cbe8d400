import ReelStore

/// The report's fidelity section, for a replay whose baselines are a device's recorded traces
/// (`reel record` of ReelRecorder's output, docs/DEVICE.md): per scenario, how many sessions the
/// candidate decided as UIKit did on the device, the frame error by view property, and the
/// sessions nearest the disagreement (a differing decision first, then the largest frame error).
enum FidelityHTML {
    static func section(_ model: ReportModel) -> HTMLMarkup {
        guard let fidelity = model.fidelity else { return .empty }
        var out: HTMLMarkup = "<section id=\"fidelity\">\n<h2>Fidelity to the device</h2>\n"
        out += "<p>The baselines are traces recorded on a device (\(model.replay.recordingEngines.joined(separator: ", "))): "
        out += "each session is compared on the views the app named and the transition's decision and timing.</p>\n"
        out += HTML.table(
            header: ["scenario", "sessions", "decided as the device", "agreement", "matched"],
            rows: fidelity.scenarios.map { row in
                [
                    row.name, "\(row.sessions)", "\(row.decisionsAgreeing)", Self.percent(row.decisionsAgreeing, of: row.sessions),
                    "\(row.matched)",
                ]
            }, numericColumns: [1, 2, 3, 4])
        out += "<h3>Frame error by view property</h3>\n"
        out +=
            fidelity.frameErrors.isEmpty
            ? "<p>No frame diverged.</p>\n"
            : HTML.table(
                header: ["scenario", "view", "property", "sessions", "largest error"],
                rows: fidelity.frameErrors.map { [$0.scenario, $0.view, $0.property, "\($0.sessions)", NumberText.short($0.largest)] },
                numericColumns: [3, 4])
        out += "<h3>Sessions nearest the disagreement</h3>\n"
        out +=
            fidelity.nearest.isEmpty
            ? "<p>Every session matched the device.</p>\n"
            : HTML.table(
                header: ["scenario", "session", "device", "candidate", "largest frame error"],
                rows: fidelity.nearest.map { session in
                    [
                        session.scenario, "\(session.sessionID)", session.deviceDecision ?? "—", session.candidateDecision ?? "—",
                        session.maxError.map { NumberText.short($0) } ?? "—",
                    ]
                }, numericColumns: [1, 4])
        return out + "</section>\n"
    }

    /// "97.5 %" of `count` in `total` (one decimal), "—" of none.
    static func percent(_ count: Int, of total: Int) -> String {
        guard total > 0 else { return "—" }
        return NumberText.short(Double(count) * 100 / Double(total)) + " %"
    }
}
