#!/usr/bin/env bash
# The GPU runs behind the manual's "On a GPU" page (docs/src/trace/gpu.md): each example
# alone and under `ghosttax trace` (output and exit status compared), then `check --trace` over this
# folder with each trace. Needs a CUDA GPU, nvcc, PyTorch and CuPy.
#   examples/trace/gpu.sh GHOSTTAX OUTDIR
set -u
gt="$(realpath "$1")"
out="$(realpath "$2")"
cd "$(dirname "$0")"
log="$out/gpu.log"
say() { printf '\n=== %s\n' "$*" >>"$log"; }

say versions
{
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  nvcc --version | tail -n 2
  python3 -c 'import sys, torch, cupy; print("python", sys.version.split()[0], "torch", torch.__version__, "cupy", cupy.__version__)'
  ldd --version | head -n 1
} >>"$log" 2>&1

say "how CuPy reaches its runtime"
python3 - >>"$log" 2>&1 <<'PY'
import subprocess
import cupy_backends.cuda.api.runtime as r
print(r.__file__)
print(subprocess.run(["ldd", r.__file__], capture_output=True, text=True).stdout)
syms = subprocess.run(["nm", "-D", r.__file__], capture_output=True, text=True).stdout
print("\n".join(l for l in syms.splitlines() if "HostAlloc" in l or "dlsym" in l or "GetProcAddress" in l))
PY

say "staging.cu: nvcc -g (the runtime linked statically)"
nvcc -g -o /tmp/staging staging.cu >>"$log" 2>&1
nm -C /tmp/staging | grep -E ' [tTwW] ' | grep -iE 'cudart|cudaHostAlloc|cudaMallocHost|cudaHostRegister' | head -n 30 >>"$log"
ldd /tmp/staging >>"$log" 2>&1

run() { # NAME COMMAND..: alone, then traced; outputs and statuses compared
  local name="$1"
  shift
  local t0 t1 t2
  t0=$(date +%s.%N)
  "$@" >"/tmp/$name.alone.out" 2>&1
  local alone=$?
  t1=$(date +%s.%N)
  "$gt" trace -o "$out/$name.trace.json" -- "$@" >"/tmp/$name.traced.out" 2>"/tmp/$name.trace.err"
  local traced=$?
  t2=$(date +%s.%N)
  say "$name: exit $alone alone, $traced traced; $(python3 -c "print(round($t1 - $t0, 2))") s alone, $(python3 -c "print(round($t2 - $t1, 2))") s traced"
  if cmp -s "/tmp/$name.alone.out" "/tmp/$name.traced.out"; then
    echo "output identical:" >>"$log"
  else
    echo "OUTPUT DIFFERS; alone:" >>"$log"
    cat "/tmp/$name.alone.out" >>"$log"
    echo "traced:" >>"$log"
  fi
  cat "/tmp/$name.traced.out" "/tmp/$name.trace.err" >>"$log"
}

run torch python3 torch_pins.py
run cupy python3 cupy_pins.py
run staging /tmp/staging 8

say "the lookups the static runtimes make (GHOSTTAX_TRACE_DEBUG=1)"
GHOSTTAX_TRACE_DEBUG=1 "$gt" trace -q -o /tmp/debug.json -- /tmp/staging 1 2>&1 | grep -v '^staging done' | head -n 40 >>"$log"
GHOSTTAX_TRACE_DEBUG=1 "$gt" trace -q -o /tmp/debug.json -- python3 cupy_pins.py 2>&1 | grep 'ghosttax' | sort | uniq -c | head -n 40 >>"$log"

for name in torch cupy staging; do
  say "check --trace $name"
  "$gt" check . --trace "$out/$name.trace.json" >>"$log" 2>&1
  echo "exit $?" >>"$log"
  "$gt" check . --trace "$out/$name.trace.json" --format json -q >"$out/$name.check.json" 2>>"$log"
done
cat "$log"
