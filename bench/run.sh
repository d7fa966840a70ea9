#!/usr/bin/env bash
# The performance benchmark: generates 10k- and 100k-file trees (deterministic, seed 1),
# checks that ghosttax reports exactly the expected findings, then times it against
# `rg -c` with one regex of the catalog's names, on the same warm tree and thread count.
# Needs ripgrep, hyperfine and GNU time (Debian: apt-get install ripgrep hyperfine time).
#   bench/run.sh [WORKDIR]      (default /tmp/ghosttax-bench; ~5 GB of disk for 100k files)
set -euo pipefail
cd "$(dirname "$0")/.."
work="${1:-/tmp/ghosttax-bench}"
threads="${THREADS:-$(nproc)}"
mkdir -p "$work"
cargo build --release --quiet
cargo build --release --quiet --example gentree
bin="$PWD/target/release/ghosttax"
gen="$PWD/target/release/examples/gentree"
regex="$("$gen" regex)"

median() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['results'][int(sys.argv[2])]['median'])" "$@"; }
rss_kib() { { /usr/bin/time -f '%M' "$@" 2>&1 >/dev/null || true; } | tail -1; }

printf '%-8s %10s %10s %8s %12s %10s %10s %10s\n' files ghosttax_s rg_s ratio peak_rss_MiB files_per_s MB_per_s rg_rss_MiB
declare -A wall
for n in 10000 100000; do
  tree="$work/tree-$n"
  [ -f "$tree/expected.json" ] || "$gen" generate --files "$n" --seed 1 "$tree" >/dev/null
  "$bin" check "$tree" --format json --threads "$threads" -q > "$work/report-$n.json" || true
  "$gen" verify "$tree" "$work/report-$n.json" >/dev/null
  hyperfine --style none --warmup 1 --runs 5 -i --export-json "$work/hyperfine-$n.json" \
    "$bin check $tree --format json --threads $threads -q" \
    "rg -c --threads $threads '$regex' $tree" >/dev/null
  g=$(median "$work/hyperfine-$n.json" 0)
  r=$(median "$work/hyperfine-$n.json" 1)
  wall[$n]=$g
  rss=$(rss_kib "$bin" check "$tree" --format json --threads "$threads" -q)
  rg_rss=$(rss_kib rg -c --threads "$threads" "$regex" "$tree")
  bytes=$(du -sb "$tree" | cut -f1)
  python3 - "$n" "$g" "$r" "$rss" "$bytes" "$rg_rss" <<'PY'
import sys
n, g, r, rss, size, rgrss = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6])
print(f"{n:<8} {g:>10.3f} {r:>10.3f} {g/r:>8.2f} {rss/1024:>12.1f} {n/g:>10.0f} {size/g/1e6:>10.1f} {rgrss/1024:>10.1f}")
PY
done
python3 -c "import sys; print(f'growth 10k -> 100k: {float(sys.argv[2])/float(sys.argv[1]):.2f}x')" "${wall[10000]}" "${wall[100000]}"

# One 50 MiB C++ file with 100k loops.
big="$work/big/big.cpp"
if [ ! -f "$big" ]; then
  mkdir -p "$work/big"
  python3 - "$big" <<'PY'
import sys
with open(sys.argv[1], "w") as f:
    i = 0
    while f.tell() < 50 << 20:
        f.write(f"static int f{i}(const int* a, int n) {{\n  int best = 0;\n  for (int i = 0; i < n; ++i) {{\n    while (a[i] > best) best += 1;\n  }}\n  return best;\n}}\n")
        if i % 1000 == 0:
            f.write(f"void p{i}(std::vector<float*>& k) {{ for (int i = 0; i < 4; ++i) {{ float* h; cudaMallocHost(&h, 1 << 20); k.push_back(h); }} }}\n")
        i += 1
PY
fi
/usr/bin/time -f 'big.cpp (50 MiB, 100k+ loops): %e s, peak RSS %M KiB' "$bin" check "$big" --format json --max-file-size 64MiB -q > /dev/null || true
# The same file parsed whole, as if every function mentioned an API (the worst case).
/usr/bin/time -f 'big.cpp parsed whole (--whole-files): %e s, peak RSS %M KiB' "$bin" check "$big" --format json --max-file-size 64MiB -q --whole-files > /dev/null || true
echo "front end + rules throughput on 1 MiB files: cargo bench --bench frontends"
