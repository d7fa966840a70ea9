#!/usr/bin/env bash
# The Python recorder on a GPU: pyrecorder_gpu.py alone and under `ghosttax trace` (output
# and exit status compared), then per line: the Python-level calls the recorder counted,
# the driver allocations under them (the interposer's, and with GHOSTTAX_TRACE_COUNTERS=1
# the run that also reads torch's counters around each call), against
# torch.cuda.host_memory_stats() for the whole run; then `check --trace` over this folder.
# Needs a CUDA GPU and PyTorch (CuPy and Numba when importable).
#   examples/trace/pyrecorder_gpu.sh GHOSTTAX OUTDIR
set -u
gt="$(realpath "$1")"
mkdir -p "$2"
out="$(realpath "$2")"
cd "$(dirname "$0")" || exit 2
log="$out/pyrecorder_gpu.log"
: >"$log"
say() { printf '\n=== %s\n' "$*" | tee -a "$log"; }

say versions
{
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  python3 -c 'import sys, torch; print("python", sys.version.split()[0], "torch", torch.__version__)'
  python3 -c 'import cupy; print("cupy", cupy.__version__)' 2>&1 | tail -n 1
  python3 -c 'import numba; print("numba", numba.__version__)' 2>&1 | tail -n 1
  "$gt" --version
} 2>&1 | tee -a "$log"

run() { # NAME [ENV=VALUE..] -- COMMAND..: time it, keep stdout and the exit status
  local name=$1
  shift
  local start end status
  start=$(date +%s.%N)
  env "$@" >"$out/$name.out" 2>"$out/$name.err"
  status=$?
  end=$(date +%s.%N)
  echo "$name: exit $status, $(awk -v a="$start" -v b="$end" 'BEGIN {printf "%.2f", b - a}') s" | tee -a "$log"
  echo "$status" >"$out/$name.status"
}

say "alone, traced, traced with torch's counters read around each call"
run alone python3 pyrecorder_gpu.py "$out/alone.stats.json"
run traced "$gt" trace -o "$out/traced.trace.json" -- python3 pyrecorder_gpu.py "$out/traced.stats.json"
run counters GHOSTTAX_TRACE_COUNTERS=1 "$gt" trace -o "$out/counters.trace.json" -- \
  python3 pyrecorder_gpu.py "$out/counters.stats.json"
for name in traced counters; do
  if cmp -s "$out/alone.out" "$out/$name.out" && cmp -s "$out/alone.status" "$out/$name.status"; then
    echo "$name: same output and exit status as alone" | tee -a "$log"
  else
    echo "$name: OUTPUT OR EXIT STATUS DIFFERS from alone" | tee -a "$log"
  fi
  cat "$out/$name.err" >>"$log"
done

say "per line: Python-level calls, driver allocations, torch's counters"
python3 - "$out" <<'PY' 2>&1 | tee -a "$log"
import json, os, sys
out = sys.argv[1]
src = open("pyrecorder_gpu.py").read().splitlines()
def marker(line):
    text = src[line - 1] if line and line <= len(src) else ""
    return text.split("# PIN:")[1].strip() if "# PIN:" in text else "-"
for name in ("traced", "counters"):
    t = json.load(open(os.path.join(out, name + ".trace.json")))
    st = json.load(open(os.path.join(out, name + ".stats.json")))
    print(f"--- {name}: native={t['native']} libraries={t['libraries']}")
    print(f"{'line':>5} {'marker':8} {'api':38} {'calls':>6} {'driver':>7} {'driver bytes':>13} {'from':18} {'peak live':>11} pids")
    torch_driver = 0
    for s in sorted(t["sites"], key=lambda s: (s.get("path") or "", s.get("line") or 0)):
        here = (s.get("path") or "").endswith("pyrecorder_gpu.py")
        line = s.get("line") or 0
        print(f"{line:>5} {marker(line) if here else '(lib)':8} {s['api'][:38]:38} {s['calls']:>6} "
              f"{str(s.get('driver_calls')):>7} {str(s.get('driver_bytes')):>13} "
              f"{str(s.get('driver_from') or s['recorded_by']):18} {s['peak_live_bytes']:>11} {s['pids']}")
        if s["api"].startswith("torch.") and s.get("driver_calls") is not None and len(s["pids"]) == 1:
            torch_driver += s["driver_calls"]
    b, a = st["before"], st["after"]
    key = next((k for k in ("num_host_alloc", "host_alloc_time.count", "allocations.allocated") if k in a), None)
    if key:
        print(f"torch.cuda.host_memory_stats(): {key} {b.get(key, 0)} -> {a[key]} (+{a[key] - b.get(key, 0)} "
              f"in the torch part); the trace's torch sites: {torch_driver} driver allocations")
        for k in ("allocated_bytes.current", "allocated_bytes.allocated", "num_host_free"):
            if k in a:
                print(f"  {k}: {b.get(k, 0)} -> {a[k]}")
    else:
        print("torch.cuda.host_memory_stats(): not available in this torch")
    print("libs:", st["libs"])
PY

say "check --trace over this folder"
"$gt" check --trace "$out/traced.trace.json" pyrecorder_gpu.py 2>&1 | tee -a "$log"
echo
echo "log: $log"
