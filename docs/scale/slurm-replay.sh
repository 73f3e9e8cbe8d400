#!/usr/bin/env bash
# Reel on a Slurm job array: each task replays one shard. Submit from a folder on shared storage,
# with REEL_ARCHIVE, REEL_CANDIDATE and REEL_RESULTS set (sbatch passes the environment on), and
# the merge after it:
#   jobid=$(sbatch --parsable docs/scale/slurm-replay.sh)
#   sbatch --dependency=afterany:$jobid docs/scale/slurm-merge.sh
# `--shard auto` reads SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_MIN and SLURM_ARRAY_TASK_COUNT, so
# any contiguous range works (--array=0-3, --array=5-8); a step (--array=0-7:2) is refused.
#SBATCH --job-name=reel-replay
#SBATCH --array=0-3
#SBATCH --cpus-per-task=2
#SBATCH --output=reel-replay-%A_%a.log
set -euo pipefail
: "${REEL_ARCHIVE:?set REEL_ARCHIVE to the recorded archive}"
: "${REEL_CANDIDATE:?set REEL_CANDIDATE to the candidate engine (builtin, a profile file, exec:COMMAND)}"
: "${REEL_RESULTS:?set REEL_RESULTS to the folder for the results of the shards}"
mkdir -p "$REEL_RESULTS"
out="$REEL_RESULTS/shard-$SLURM_ARRAY_TASK_ID.sqlite"
rm -f "$out" "$out-wal" "$out-shm"
status=0
reel replay "$REEL_ARCHIVE" --engine "$REEL_CANDIDATE" --shard auto --jobs "${SLURM_CPUS_PER_TASK:-1}" --results "$out" --format json > "$REEL_RESULTS/shard-$SLURM_ARRAY_TASK_ID.json" || status=$?
# 0 nothing diverged, 1 divergences, 2 engine errors: each a result for the merge to report.
[ "$status" -le 2 ]
