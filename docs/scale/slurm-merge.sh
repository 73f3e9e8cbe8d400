#!/usr/bin/env bash
# The merge step of docs/scale/slurm-replay.sh (submit with --dependency=afterany:JOBID).
# Exit 0 nothing diverged, 1 divergences, 2 engine errors, 65 a shard missing (named).
#SBATCH --job-name=reel-merge
#SBATCH --output=reel-merge-%j.log
set -euo pipefail
: "${REEL_RESULTS:?set REEL_RESULTS to the folder of the results of the shards}"
mkdir -p "$REEL_RESULTS/merged"
rm -f "$REEL_RESULTS/merged/merged.sqlite"
reel merge "$REEL_RESULTS" -o "$REEL_RESULTS/merged/merged.sqlite" --format junit > "$REEL_RESULTS/merged/merged.xml"
