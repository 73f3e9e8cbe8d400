-- Reel archive schema v8: where and from what a replay ran.
--
-- replays.metadata_json: a JSON object of text values, filled by `reel replay` from the usual CI
-- variables (GitHub Actions, GitLab, Buildkite, Jenkins, CircleCI: commit, branch, pull_request,
-- ci_url, ci) and the host, overridden or extended by `--meta KEY=VALUE`; a merged run takes its
-- first shard's. NULL for replays begun before this migration.

ALTER TABLE replays ADD COLUMN metadata_json TEXT
    CHECK (metadata_json IS NULL OR (json_valid(metadata_json) AND json_type(metadata_json) = 'object'));
