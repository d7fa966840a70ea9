#!/usr/bin/env bash
# The cost of `ghosttax trace` per intercepted call, on the fake CUDA runtime of the tests
# (tests/trace/fakecudart.c: pins over malloc, so the runtime itself costs ~20 ns):
# tests/trace/pinner.c's `bench` mode makes N pin+free pairs and prints nanoseconds per
# pair, run alone and under `ghosttax trace`. Three cases: one call stack (a loop, the
# common case), 8 stacks in turn (the interposer's per-thread cache of 16 stacks answers)
# and 32 stacks in turn (more than the cache holds: every call is unwound in full).
#   bench/trace_overhead.sh [N] [RUNS]      (default 100000 pairs, 5 runs; needs gcc)
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-100000}"
runs="${2:-5}"
cc="${CC:-gcc}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$cc" -shared -fPIC -O2 -o "$work/libfakecudart.so" tests/trace/fakecudart.c
"$cc" -O2 -g -o "$work/pinner" tests/trace/pinner.c -L"$work" -lfakecudart \
  -Wl,-rpath,"$work" -lpthread
cargo build --release --locked -q
gt="$PWD/target/release/ghosttax"

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
measure() { # ARGS..: the median ns per pair over $runs runs
  for _ in $(seq "$runs"); do "$@"; done | median
}
echo "machine: $(nproc) cores, $(uname -sr), $("$cc" --version | head -1)"
for stacks in "" 8 32; do
  label="one call stack"
  [ -n "$stacks" ] && label="$stacks call stacks in turn"
  plain=$(measure "$work/pinner" bench "$n" $stacks)
  traced=$(measure "$gt" trace -q -o "$work/t.json" -- "$work/pinner" bench "$n" $stacks)
  per_call=$(awk -v a="$plain" -v b="$traced" 'BEGIN {printf "%.0f", (b - a) / 2}')
  echo "$label: $n pairs: ${plain} ns per pair alone, ${traced} ns traced: +${per_call} ns per intercepted call"
done
