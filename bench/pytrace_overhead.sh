#!/usr/bin/env bash
# The cost of `ghosttax trace`'s Python recorder per wrapped call, on the stand-in torch of
# the tests (tests/trace/standin: `Tensor.pin_memory` served from its cache costs ~1 µs):
# N calls of one line, run alone and under `ghosttax trace`, median ns per call over RUNS
# runs. Cases: the recorder alone (off Linux, and on Linux with GHOSTTAX_TRACE_COUNTERS=0),
# with torch's counters read around each call (the stand-in's `host_memory_stats` is a
# dict copy: real torch's costs more), and a factory called without `pin_memory` (the
# wrapper's pass-through).
#   bench/pytrace_overhead.sh [N] [RUNS]     (default 200000 calls, 5 runs; needs python3)
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-200000}"
runs="${2:-5}"
if [ -z "${GHOSTTAX:-}" ]; then
  cargo build --locked -q
  GHOSTTAX="${CARGO_TARGET_DIR:-target}/debug/ghosttax"
fi
export PYTHONPATH="$PWD/tests/trace/standin"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cat >"$work/bench.py" <<'PY'
import sys, time
import torch
n, what = int(sys.argv[1]), sys.argv[2]
x = torch.Tensor(4096)
x.pin_memory()
if what == "pin":
    f = lambda: x.pin_memory()
else:
    f = lambda: torch.empty(1024)
t = time.perf_counter_ns()
for _ in range(n):
    f()
print((time.perf_counter_ns() - t) / n)
PY
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
measure() { for _ in $(seq "$runs"); do "$@"; done | median; }
echo "machine: $(nproc) cores, $(uname -sr), $(python3 --version)"
for case in pin:0 pin:1 factory:0; do
  set -- "${case%%:*}" "${case##*:}"
  plain=$(measure python3 "$work/bench.py" "$n" "$1")
  traced=$(GHOSTTAX_TRACE_COUNTERS=$2 measure "$GHOSTTAX" trace -q -o "$work/t.json" -- python3 "$work/bench.py" "$n" "$1")
  label="Tensor.pin_memory()"
  [ "$1" = factory ] && label="torch.empty(..) without pin_memory (pass-through)"
  [ "$2" = 1 ] && label="$label, torch's counters read around each call"
  extra=$(awk -v a="$plain" -v b="$traced" 'BEGIN {printf "%.2f", (b - a) / 1000}')
  echo "$label: $(awk -v a="$plain" 'BEGIN {printf "%.2f", a / 1000}') µs per call alone, $(awk -v b="$traced" 'BEGIN {printf "%.2f", b / 1000}') µs traced: +$extra µs per call"
done
