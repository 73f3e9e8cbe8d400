/// The fleet database's tables (docs/FLEET.md), created by `reel publish` when missing. Every REAL
/// of the archive is `double precision` here: a float4 column would keep about 7 digits.
enum FleetSchema {
    /// Run in one transaction, each `IF NOT EXISTS`, so a first publish and a concurrent one both
    /// find the tables whole.
    static let statements: [String] = [
        """
        CREATE TABLE IF NOT EXISTS fleet_runs (
            id                 bigserial PRIMARY KEY,
            run_key            text NOT NULL UNIQUE,
            archive_identity   text NOT NULL,
            replay_id          bigint NOT NULL,
            candidate          text NOT NULL,
            engine_name        text NOT NULL,
            engine_version     text NOT NULL,
            engine_fingerprint text NOT NULL,
            replay_status      text NOT NULL,
            shard              text,
            started_at         timestamptz NOT NULL,
            finished_at        timestamptz,
            ci_system          text,
            commit_sha         text,
            branch             text,
            pull_request       text,
            ci_url             text,
            host               text,
            sessions           integer NOT NULL,
            matched            integer NOT NULL,
            diverged           integer NOT NULL,
            errors             integer NOT NULL,
            flips              integer NOT NULL,
            published_at       timestamptz NOT NULL DEFAULT now()
        )
        """,
        "CREATE INDEX IF NOT EXISTS fleet_runs_by_commit ON fleet_runs (commit_sha)",
        "CREATE INDEX IF NOT EXISTS fleet_runs_by_fingerprint ON fleet_runs (engine_fingerprint, started_at)",
        """
        CREATE TABLE IF NOT EXISTS fleet_run_metadata (
            run_id bigint NOT NULL REFERENCES fleet_runs (id) ON DELETE CASCADE,
            key    text NOT NULL,
            value  text NOT NULL,
            PRIMARY KEY (run_id, key)
        )
        """,
        """
        CREATE TABLE IF NOT EXISTS fleet_verdicts (
            run_id                bigint NOT NULL REFERENCES fleet_runs (id) ON DELETE CASCADE,
            session_hash          text NOT NULL,
            scenario              text NOT NULL,
            tags                  text[] NOT NULL,
            status                text NOT NULL CHECK (status IN ('matched', 'diverged', 'error')),
            decision_expected     text,
            decision_actual       text,
            flipped               boolean NOT NULL,
            first_divergent_frame integer,
            max_error             double precision,
            error_message         text,
            kinds                 text[] NOT NULL,
            PRIMARY KEY (run_id, session_hash)
        )
        """,
        "CREATE INDEX IF NOT EXISTS fleet_verdicts_by_session ON fleet_verdicts (session_hash)",
        "CREATE INDEX IF NOT EXISTS fleet_verdicts_by_scenario ON fleet_verdicts (scenario)",
        """
        CREATE TABLE IF NOT EXISTS fleet_divergences (
            run_id       bigint NOT NULL,
            session_hash text NOT NULL,
            seq          integer NOT NULL,
            kind         text NOT NULL,
            frame_index  integer,
            view_key     text,
            property     text,
            expected     text,
            actual       text,
            delta        double precision,
            detail       text NOT NULL,
            PRIMARY KEY (run_id, session_hash, seq),
            FOREIGN KEY (run_id, session_hash) REFERENCES fleet_verdicts (run_id, session_hash) ON DELETE CASCADE
        )
        """,
    ]

    /// Serializes the schema's creation between concurrent first publishes (CREATE ... IF NOT
    /// EXISTS alone can race on the catalog): a transaction-scoped advisory lock, this key.
    static let lockKey: Int64 = 0x5245_454C_464C_5431  // "REELFLT1"
}
