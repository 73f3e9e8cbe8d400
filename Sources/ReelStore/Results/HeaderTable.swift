/// The tables a results archive copies from the archive it judged: what its `regressions` and
/// `divergence_summary` views, and `reel merge`'s checks, need beside the verdicts.
///
/// Rows are copied column by column, by name (`INSERT INTO t (columns) SELECT columns`), so the
/// copy does not depend on the order of the columns in either file.
package enum HeaderTable: String, Sendable, CaseIterable {
    case engines, scenarios, sessions

    /// The table's columns, in the order its migrations define them.
    var columns: String {
        switch self {
        case .engines: "id, name, version, fingerprint, profile_json"
        case .scenarios: "id, name, spec_json"
        case .sessions:
            "id, scenario_id, engine_id, content_hash, external_id, device_width, device_height, device_scale, size_class, "
                + "refresh_hz, tags, source_file, source_line, recorded_at"
        }
    }
}
