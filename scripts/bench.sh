#!/usr/bin/env bash
# Runs one benchmark with two builds of hookshot in turn, run after run, so both see the
# same load on a shared machine (BENCHMARKS.md's before/after batches):
#
#   scripts/bench.sh OLD NEW RUNS BENCH-ARGS...
#   scripts/bench.sh old/target/release/hookshot target/release/hookshot 15 draws --api c
#
# OLD and NEW are hookshot binaries (say, the release builds of two worktrees, each made
# with `CARGO_INCREMENTAL=0 cargo build --release --bin hookshot`); BENCH-ARGS are
# `hookshot bench`'s. Each run's output is printed under a line naming the side and the
# run. The shader and pipeline caches are off, so no run starts warmer than another.
set -euo pipefail
if [ $# -lt 4 ]; then
  echo "usage: $0 OLD NEW RUNS BENCH-ARGS..." >&2
  exit 2
fi
old=$1
new=$2
runs=$3
shift 3
for binary in "$old" "$new"; do
  [ -x "$binary" ] || { echo "bench.sh: $binary is not an executable" >&2; exit 2; }
done
for run in $(seq 1 "$runs"); do
  for side in old new; do
    binary=$old
    [ "$side" = new ] && binary=$new
    echo "== $side, run $run of $runs: $binary bench $*"
    RX_VK_SHADER_CACHE=0 RX_VK_PIPELINE_CACHE=0 "$binary" bench "$@"
  done
done
