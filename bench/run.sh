#!/usr/bin/env bash
# The performance benchmark: generates 10k- and 100k-file trees (deterministic, seed 1),
# checks that ghosttax reports exactly the expected findings, then times it against
# `rg -c` with one regex of the catalog's names, on the same warm tree and thread count.
# ghosttax runs cold (`--no-cache`: every file parsed, no persistent cache read or written).
# Needs ripgrep, hyperfine and GNU time (Debian: apt-get install ripgrep hyperfine time).
#   bench/run.sh [WORKDIR]      (default /tmp/ghosttax-bench; ~5 GB of disk for 100k files)
#
# Real-code mode: the same comparison on the real repositories listed in
# ../shared/realcode/trees.toml (relative to the repository root), each tree alone and then all
# of them in ONE invocation; prints a Markdown table (and a line about the machine) to paste
# into bench/RESULTS.md. Notes and warnings go to stderr.
#   GHOSTTAX_TREES=DIR bench/run.sh real [--runs N] [--threads T] [--trees A,B] [--work DIR] [--no-others]
#     GHOSTTAX_TREES  required: the folder holding the trees, each at $GHOSTTAX_TREES/<name>
#                     (written with fetch + extract_tree.py: ../shared/realcode/README.md)
#     --runs N        hyperfine runs per command, after 1 warm-up (default 5, or $RUNS)
#     --threads T     --threads for every tool (default $(nproc), or $THREADS)
#     --trees A,B     only these trees (names from trees.toml); the last row is then all of them
#     --work DIR      default /tmp/ghosttax-bench; writes DIR/real/<name>.json (ghosttax's JSON
#                     report on each tree, to diff between versions), DIR/real/all.json (the
#                     one-invocation report), DIR/real/hyperfine-<name>.json (raw timings) and
#                     DIR/real/<name>.files (the files rg searched)
#     --no-others     leave out semgrep and ast-grep even when installed
#     GHOSTTAX_BIN    time this ghosttax binary and build nothing; the catalog regex then comes
#                     from GHOSTTAX_GENTREE (default target/release/examples/gentree), which must
#                     exist. Unset: `cargo build --release` of ghosttax and the gentree example.
#   A tree that is missing is skipped, with a note on how to write it; the all-in-one row then
#   says how many trees it covers. The run fails if GHOSTTAX_TREES is unset or no tree is there.
#   Columns: files = files ghosttax checked (`summary.files_checked`; "(rg N)" is added when rg
#   searched a different number); MB = their size, 10^6 bytes; ghosttax s = median wall time of
#   `ghosttax check TREE --format json --threads T -q` (min–max over the runs); rg s = median of
#   `rg -c --threads T REGEX TREE` (REGEX: `gentree regex`), restricted to exactly the files
#   ghosttax reads: its extensions in any case, no hidden files, .gitignore/.ignore honoured
#   without a .git directory (--no-require-git), files up to 10 MiB (a type, not -g globs: in
#   rg a -g whitelist overrides .gitignore and hidden-file rules); ratio = ghosttax / rg;
#   RSS = ghosttax's peak RSS in one run (GNU time %M); findings = `summary.findings`.
#   semgrep s / ast-grep s appear only when `semgrep` / `ast-grep` are on PATH: medians of
#   single-pattern searches (semgrep: `$X.pin_memory(...)` in Python, `cudaMallocHost(...)` in
#   C++, `LockedBuffer` in Rust; ast-grep: `pin_memory` in every language it infers), over
#   the files each tool selects itself: indicative only, not the same work.
set -euo pipefail

real_mode() {
  local runs="${RUNS:-5}" threads="${THREADS:-$(nproc)}" only="" work=/tmp/ghosttax-bench others=1
  while [ $# -gt 0 ]; do
    case "$1" in
      --runs) runs="${2:?--runs needs a number}"; shift 2 ;;
      --runs=*) runs="${1#*=}"; shift ;;
      --threads) threads="${2:?--threads needs a number}"; shift 2 ;;
      --threads=*) threads="${1#*=}"; shift ;;
      --trees) only="${2:?--trees needs a comma-separated list of names}"; shift 2 ;;
      --trees=*) only="${1#*=}"; shift ;;
      --work) work="${2:?--work needs a folder}"; shift 2 ;;
      --work=*) work="${1#*=}"; shift ;;
      --no-others) others=0; shift ;;
      -h | --help) sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p}' "$0"; return 0 ;;
      *) echo "bench/run.sh real: unknown argument '$1' (see bench/run.sh real --help)" >&2; return 2 ;;
    esac
  done
  [[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "bench/run.sh real: --runs must be a positive integer" >&2; return 2; }
  [[ $threads =~ ^[1-9][0-9]*$ ]] || { echo "bench/run.sh real: --threads must be a positive integer" >&2; return 2; }
  if [ -z "${GHOSTTAX_TREES:-}" ]; then
    echo "bench/run.sh real: set GHOSTTAX_TREES to the folder holding the real-code trees (see ../shared/realcode/README.md)" >&2
    return 2
  fi
  local trees
  trees="$(cd "$GHOSTTAX_TREES" 2>/dev/null && pwd)" || {
    echo "bench/run.sh real: GHOSTTAX_TREES=$GHOSTTAX_TREES is not a folder" >&2
    return 2
  }
  mkdir -p "$work/real"
  work="$(cd "$work" && pwd)"
  local out="$work/real"
  local bin="" gen=""
  if [ -n "${GHOSTTAX_BIN:-}" ]; then
    bin="$(command -v -- "$GHOSTTAX_BIN" || true)"
    if [ -z "$bin" ] || [ ! -x "$bin" ]; then
      echo "bench/run.sh real: GHOSTTAX_BIN=$GHOSTTAX_BIN is not an executable" >&2
      return 2
    fi
    bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"
    if [ -n "${GHOSTTAX_GENTREE:-}" ]; then
      gen="$(command -v -- "$GHOSTTAX_GENTREE" || true)"
      [ -n "$gen" ] && gen="$(cd "$(dirname "$gen")" && pwd)/$(basename "$gen")"
    fi
  fi
  cd "$(dirname "$0")/.."
  local repo="$PWD"
  local realcode
  realcode="$(cd "$repo/../shared/realcode" 2>/dev/null && pwd)" || {
    echo "bench/run.sh real: no ../shared/realcode next to the repository ($repo)" >&2
    return 2
  }
  local toml="$realcode/trees.toml"
  [ -f "$toml" ] || { echo "bench/run.sh real: $toml is missing" >&2; return 2; }
  if [ -z "$bin" ]; then
    cargo build --release --quiet
    cargo build --release --quiet --example gentree
    bin="$repo/target/release/ghosttax"
    gen="$repo/target/release/examples/gentree"
  fi
  gen="${gen:-$repo/target/release/examples/gentree}"
  [ -x "$gen" ] || { echo "bench/run.sh real: no gentree at $gen (cargo build --release --example gentree, or set GHOSTTAX_GENTREE)" >&2; return 2; }
  local regex
  regex="$("$gen" regex)"

  # The trees: name, repo, commit, file count, in trees.toml's order; --trees checked here.
  local listing
  listing="$(python3 - "$toml" "$only" <<'PY'
import sys, tomllib
trees = tomllib.load(open(sys.argv[1], "rb"))["tree"]
names = [t["name"] for t in trees]
wanted = [n for n in sys.argv[2].split(",") if n]
unknown = [n for n in wanted if n not in names]
if unknown:
    sys.exit(f"bench/run.sh real: unknown tree(s) {', '.join(unknown)}; trees.toml has {', '.join(names)}")
print(len(trees))
for t in trees:
    if not wanted or t["name"] in wanted:
        print(t["name"], t["repo"], t["commit"], t["files"], sep="\t")
PY
)"
  local total
  total="$(head -1 <<<"$listing")"
  local name repo_id commit nfiles have
  local -a names=() paths=() missing=()
  while IFS=$'\t' read -r name repo_id commit nfiles; do
    if [ ! -d "$trees/$name" ]; then
      missing+=("$name")
      {
        echo "note: tree $name is not at $trees/$name: skipped. To write it (../shared/realcode/README.md):"
        echo "  1. the search tool's fetch verb: fetch github:$repo_id  (answers with GIT_DIR)"
        echo "  2. python3 $realcode/extract_tree.py GIT_DIR $commit \"$trees/$name\"  (writes $nfiles files)"
      } >&2
      continue
    fi
    have="$(find "$trees/$name" -type f | wc -l)"
    if [ "$have" -ne "$nfiles" ]; then
      echo "warning: $trees/$name has $have files, trees.toml says $nfiles: rewrite it with extract_tree.py (commit $commit)" >&2
    fi
    names+=("$name")
    paths+=("$trees/$name")
  done < <(tail -n +2 <<<"$listing")
  if [ ${#names[@]} -eq 0 ]; then
    echo "bench/run.sh real: none of the selected trees is in $trees" >&2
    return 1
  fi

  # rg searches exactly the files ghosttax reads (see the header).
  local -a rg_flags=(--no-config --no-require-git --max-filesize 10M -g '!.*')
  local ext glob i c
  for ext in py pyi c cc cpp cxx h hh hpp hxx inl ipp cu cuh hip rs; do
    glob=""
    for ((i = 0; i < ${#ext}; i++)); do
      c="${ext:i:1}"
      glob+="[${c,}${c^}]"
    done
    rg_flags+=(--type-add "ghosttax:*.$glob")
  done
  rg_flags+=(-t ghosttax)

  local -a tools=()
  if [ "$others" -eq 1 ]; then
    command -v semgrep >/dev/null 2>&1 && tools+=(semgrep)
    # Only `ast-grep`: on Debian `sg` is shadow's switch-group command.
    command -v ast-grep >/dev/null 2>&1 && tools+=(ast-grep)
  fi
  if [[ " ${tools[*]} " == *" semgrep "* ]]; then
    cat >"$out/semgrep-rules.yml" <<'YML'
rules:
  - id: pin-memory-python
    languages: [python]
    severity: INFO
    message: pin_memory
    pattern: $X.pin_memory(...)
  - id: cuda-malloc-host-cpp
    languages: [cpp]
    severity: INFO
    message: cudaMallocHost
    pattern: cudaMallocHost(...)
  - id: locked-buffer-rust
    languages: [rust]
    severity: INFO
    message: LockedBuffer
    pattern: LockedBuffer
YML
  fi

  # The machine, then the table's head.
  local cpu others_head="" others_rule="" t
  cpu="$(sed -n '/^model name/{s/^model name[[:space:]]*: //p;q}' /proc/cpuinfo 2>/dev/null || true)"
  for t in "${tools[@]}"; do
    others_head+=" $t s |"
    others_rule+="---|"
  done
  printf 'Real code, %s: nproc %s (%s); %s; %s; ghosttax %s (git %s); --threads %s; median of %s run(s) after 1 warm-up, warm page cache' \
    "$(date -u '+%Y-%m-%d %H:%M UTC')" "$(nproc)" "${cpu:-unknown CPU}" "$(rg --version | awk 'NR == 1')" \
    "$(hyperfine --version)" "$("$bin" --version | awk '{print $NF}')" \
    "$(git -C "$repo" describe --always --dirty 2>/dev/null || echo unknown)" "$threads" "$runs"
  for t in "${tools[@]}"; do
    printf '; %s' "$("$t" --version 2>/dev/null | awk 'NR == 1')"
  done
  printf '\n\n| tree | files | MB | ghosttax s (min–max) | rg s | ratio | ghosttax RSS MiB | findings |%s\n' "$others_head"
  printf '|---|---:|---:|---:|---:|---:|---:|---:|%s\n' "$others_rule"

  # One row: LABEL FILE-STEM PATH...
  bench_row() {
    local label="$1" stem="$2"
    shift 2
    local -a p=("$@")
    local q qrg rc=0
    q="$(printf '%q ' "${p[@]}")"
    qrg="$(printf '%q ' "${rg_flags[@]}")"
    # The report (kept for diffing versions) and the peak RSS, from one run.
    /usr/bin/time -o "$out/$stem.rss" -f '%M' "$bin" check "${p[@]}" --no-cache --format json --threads "$threads" -q >"$out/$stem.json" || rc=$?
    if [ "$rc" -gt 1 ]; then
      echo "warning: ghosttax exited $rc on $label (see $out/$stem.json)" >&2
    fi
    rg "${rg_flags[@]}" --files "${p[@]}" >"$out/$stem.files" || true
    local -a cmds=(
      "$(printf '%q' "$bin") check $q--no-cache --format json --threads $threads -q"
      "rg $qrg-c --threads $threads $(printf '%q' "$regex") $q"
    )
    for t in "${tools[@]}"; do
      case "$t" in
        semgrep) cmds+=("semgrep scan --config $(printf '%q' "$out/semgrep-rules.yml") --metrics=off --disable-version-check --quiet --jobs $threads --max-target-bytes 10000000 $q") ;;
        ast-grep) cmds+=("ast-grep run --pattern pin_memory --threads $threads $q") ;;
      esac
    done
    # hyperfine's stderr minus the expected "Ignoring non-zero exit code" (ghosttax exits 1 on findings).
    hyperfine --style none --shell bash --warmup 1 --runs "$runs" -i --export-json "$out/hyperfine-$stem.json" \
      "${cmds[@]}" >/dev/null 2>"$out/hyperfine-$stem.log" || { cat "$out/hyperfine-$stem.log" >&2; return 1; }
    grep -v -e 'Ignoring non-zero exit code' -e '^[[:space:]]*$' "$out/hyperfine-$stem.log" | sed "s/^/$label: /" >&2 || true
    python3 - "$label" "$out/hyperfine-$stem.json" "$out/$stem.json" "$out/$stem.rss" "$out/$stem.files" "${#tools[@]}" <<'PY'
import json, os, sys
label, hf, report, rss, files, n_others = sys.argv[1:7]
res = json.load(open(hf))["results"]
summary = json.load(open(report))["summary"]
kib = int(open(rss).read().split()[-1])
listed = [l for l in open(files).read().splitlines() if l]
size = sum(os.path.getsize(f) for f in listed)
checked = summary["files_checked"]
cell = f"{checked:,}"
if checked != len(listed):
    cell += f" (rg {len(listed):,})"
    print(f"warning: {label}: ghosttax checked {checked} files, rg searched {len(listed)}", file=sys.stderr)
if summary.get("errors"):
    print(f"warning: {label}: {summary['errors']} error(s) in the report", file=sys.stderr)
g, r = res[0], res[1]
cols = [label, cell, f"{size / 1e6:,.1f}", f"{g['median']:.3f} ({g['min']:.3f}–{g['max']:.3f})",
        f"{r['median']:.3f}", f"{g['median'] / r['median']:.2f}×", f"{kib / 1024:.1f}", f"{summary['findings']:,}"]
cols += [f"{o['median']:.3f}" for o in res[2:2 + int(n_others)]]
print("| " + " | ".join(cols) + " |")
PY
  }

  for i in "${!names[@]}"; do
    bench_row "${names[$i]}" "${names[$i]}" "${paths[$i]}"
  done
  local label
  if [ ${#names[@]} -gt 1 ]; then
    if [ ${#names[@]} -eq "$total" ]; then
      label="all $total, one invocation"
    else
      label="all ${#names[@]} of $total, one invocation"
    fi
    bench_row "$label" all "${paths[@]}"
  fi
  echo
  python3 - "$out" "${names[@]}" <<'PY'
import json, sys
out, names = sys.argv[1], sys.argv[2:]
if len(names) > 1:
    s = sum(json.load(open(f"{out}/hyperfine-{n}.json"))["results"][0]["median"] for n in names)
    print(f"- sum of the per-tree ghosttax medians: {s:.3f} s")
PY
  if [ ${#missing[@]} -gt 0 ]; then
    echo "- skipped (not in $trees): ${missing[*]}"
  fi
  if [ ${#names[@]} -gt 1 ]; then
    echo "- reports: $out/<tree>.json, $out/all.json"
  else
    echo "- report: $out/${names[0]}.json"
  fi
}

if [ "${1:-}" = real ]; then
  shift
  real_mode "$@"
  exit
fi

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
  "$bin" check "$tree" --no-cache --format json --threads "$threads" -q > "$work/report-$n.json" || true
  "$gen" verify "$tree" "$work/report-$n.json" >/dev/null
  hyperfine --style none --warmup 1 --runs 5 -i --export-json "$work/hyperfine-$n.json" \
    "$bin check $tree --no-cache --format json --threads $threads -q" \
    "rg -c --threads $threads '$regex' $tree" >/dev/null
  g=$(median "$work/hyperfine-$n.json" 0)
  r=$(median "$work/hyperfine-$n.json" 1)
  wall[$n]=$g
  rss=$(rss_kib "$bin" check "$tree" --no-cache --format json --threads "$threads" -q)
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
/usr/bin/time -f 'big.cpp (50 MiB, 100k+ loops): %e s, peak RSS %M KiB' "$bin" check "$big" --no-cache --format json --max-file-size 64MiB -q > /dev/null || true
# The same file parsed whole, as if every function mentioned an API (the worst case).
/usr/bin/time -f 'big.cpp parsed whole (--whole-files): %e s, peak RSS %M KiB' "$bin" check "$big" --no-cache --format json --max-file-size 64MiB -q --whole-files > /dev/null || true
echo "front end + rules throughput on 1 MiB files: cargo bench --bench frontends"
