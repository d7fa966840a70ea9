#!/usr/bin/env python3
"""Score ghosttax against the labeled real-code corpus (bench/realcode/manifest.toml).

For every tree named in the manifest this runs

    ghosttax check <trees>/<tree> --format json -q

(or reads a saved report with --reports), keeps the default findings whose severity is
`warning` or `error`, and matches each one to a labeled site: same tree, same path
(relative to the tree root) and same line (a site may list alternative lines in `lines`, and
alternative places in other files of its tree in `also = ["path:line", ..]`).
It prints, per tree and in total:

  * warnings, warnings at positive sites, at negative sites, and unlabeled;
  * precision = warnings at positive sites / all warnings (unlabeled count against it),
    and precision over labeled warnings only;
  * recall per positive label = positive sites with at least one warning / positive sites,
    over the sites not marked `needs = "trace"` (those only a run can decide; counted apart);

then the unlabeled warnings (to be labelled), the false alarms by negative class, and the
positive sites no warning reached. It always exits 0 once it has scored; a malformed
manifest or a missing trees directory exits 2.

Usage:
    python3 bench/realcode/score.py [--trees DIR] [--bin PATH] [--reports DIR] [--save DIR]
                                    [--manifest FILE] [--trees-toml FILE] [--tree NAME ...]
                                    [--ext .py,.pyi] [--list-negatives] [--quiet-lists]

--trees defaults to $GHOSTTAX_TREES; --bin to target/release/ghosttax under the repository
root (found from this file's location). With --reports DIR, DIR/<tree>.json is read when it
exists and is non-empty; other trees are run (which needs --trees). --save DIR writes each
report it ran to DIR/<tree>.json. --ext restricts both findings and sites to files with
those extensions (e.g. `--ext .py` scores the Python side alone).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tomllib
from collections import Counter, defaultdict
from pathlib import Path

SCRIPT_DIR = Path(__file__).resolve().parent
REPO_ROOT = SCRIPT_DIR.parent.parent
DEFAULT_MANIFEST = SCRIPT_DIR / "manifest.toml"
DEFAULT_BIN = REPO_ROOT / "target" / "release" / "ghosttax"
DEFAULT_TREES_TOML = REPO_ROOT.parent / "shared" / "realcode" / "trees.toml"

POSITIVE = ("hot", "per-batch", "leak")
LABELS = POSITIVE + ("negative",)
NEG_CLASSES = (
    "test",
    "setup-through-calls",
    "rare-branch",
    "tiny-once",
    "guarded",
    "generator-prologue",
    "released-elsewhere",
    "once-per-process",
    "persistent-mirror",
    "other",
)
COUNTED_SEVERITIES = ("warning", "error")


def die(msg: str) -> None:
    print(f"score.py: error: {msg}", file=sys.stderr)
    sys.exit(2)


def warn(msg: str) -> None:
    print(f"score.py: warning: {msg}", file=sys.stderr)


# --------------------------------------------------------------------------- manifest


def load_trees_toml(path: Path | None) -> dict[str, dict]:
    """name -> tree table, or {} when the file is absent."""
    if path is None or not path.is_file():
        return {}
    with path.open("rb") as fh:
        data = tomllib.load(fh)
    return {t["name"]: t for t in data.get("tree", []) if "name" in t}


def load_manifest(path: Path, trees_meta: dict[str, dict]) -> list[dict]:
    if not path.is_file():
        die(f"manifest not found: {path}")
    with path.open("rb") as fh:
        try:
            data = tomllib.load(fh)
        except tomllib.TOMLDecodeError as exc:
            die(f"{path}: {exc}")
    sites = data.get("site", [])
    if not isinstance(sites, list):
        die(f"{path}: `site` must be an array of tables ([[site]])")
    by_repo = {t.get("repo"): name for name, t in trees_meta.items()}
    errors: list[str] = []
    seen: dict[tuple, int] = {}
    out: list[dict] = []
    for i, s in enumerate(sites, 1):
        where = f"site #{i} ({s.get('tree') or s.get('repo')}:{s.get('path')}:{s.get('line')})"
        tree = s.get("tree") or by_repo.get(s.get("repo"))
        if not tree:
            errors.append(f"{where}: no `tree` and `repo` is not in trees.toml")
            continue
        for key in ("repo", "commit", "path", "line", "label", "reason"):
            if key not in s:
                errors.append(f"{where}: missing `{key}`")
        if not isinstance(s.get("line"), int) or s.get("line", 0) < 1:
            errors.append(f"{where}: `line` must be a positive integer")
            continue
        lines = s.get("lines", [])
        if not isinstance(lines, list) or not all(isinstance(x, int) and x > 0 for x in lines):
            errors.append(f"{where}: `lines` must be a list of positive integers")
            continue
        label = s.get("label")
        if label not in LABELS:
            errors.append(f"{where}: label {label!r} is not one of {', '.join(LABELS)}")
        cls = s.get("class")
        if label == "negative":
            if cls not in NEG_CLASSES:
                errors.append(f"{where}: negative needs `class`, one of {', '.join(NEG_CLASSES)} (got {cls!r})")
        elif cls is not None:
            errors.append(f"{where}: `class` is only for negatives")
        needs = s.get("needs")
        if needs is not None and (needs != "trace" or label not in POSITIVE):
            errors.append(f"{where}: `needs` is \"trace\", and only for positive sites (got {needs!r})")
        meta = trees_meta.get(tree)
        if meta is not None:
            if meta.get("repo") != s.get("repo"):
                warn(f"{where}: repo {s.get('repo')!r} differs from trees.toml's {meta.get('repo')!r}")
            if meta.get("commit") != s.get("commit"):
                warn(f"{where}: commit differs from trees.toml's {meta.get('commit')}")
        path_ = str(s.get("path", "")).replace("\\", "/")
        if path_.startswith("./"):
            path_ = path_[2:]
        also = s.get("also", [])
        places = []
        if not isinstance(also, list):
            errors.append(f"{where}: `also` must be a list of \"path:line\" strings")
            continue
        for a in also:
            p_, _, ln_ = str(a).rpartition(":")
            if not p_ or not ln_.isdigit() or int(ln_) < 1:
                errors.append(f"{where}: `also` entry {a!r} is not \"path:line\"")
                continue
            places.append((p_.removeprefix("./"), int(ln_)))
        all_lines = [s["line"]] + [x for x in lines if x != s["line"]]
        for ln in all_lines:
            key = (tree, path_, ln)
            if key in seen:
                errors.append(f"{where}: {tree}:{path_}:{ln} is already site #{seen[key]}")
            seen[key] = i
        out.append(
            {
                "tree": tree,
                "path": path_,
                "line": s["line"],
                "lines": all_lines,
                "also": places,
                "label": label,
                "class": cls,
                "reason": s.get("reason", ""),
                "needs": needs,
            }
        )
    if errors:
        for e in errors:
            print(f"score.py: manifest: {e}", file=sys.stderr)
        die(f"{len(errors)} problem(s) in {path}")
    return out


# --------------------------------------------------------------------------- reports


def rel_path(path: str, tree: str, tree_root: Path | None) -> str:
    """A finding's path relative to its tree root."""
    p = path.replace("\\", "/")
    if tree_root is not None:
        root = str(tree_root).replace("\\", "/").rstrip("/") + "/"
        if p.startswith(root):
            return p[len(root):]
    if p.startswith("./"):
        p = p[2:]
    marker = f"/{tree}/"
    if p.startswith("/") or ":" in p[:3]:
        idx = p.find(marker)
        if idx >= 0:
            return p[idx + len(marker):]
    if p.startswith(f"{tree}/"):
        return p[len(tree) + 1:]
    return p


def run_ghosttax(binary: Path, tree_root: Path) -> dict | None:
    cmd = [str(binary), "check", str(tree_root), "--format", "json", "-q"]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True)
    except OSError as exc:
        die(f"cannot run {binary}: {exc}")
    if proc.returncode not in (0, 1):
        warn(f"{' '.join(cmd)} exited {proc.returncode}: {proc.stderr.strip()[:500]}")
        if not proc.stdout.strip():
            return None
    try:
        return json.loads(proc.stdout)
    except json.JSONDecodeError as exc:
        warn(f"{' '.join(cmd)}: output is not JSON ({exc})")
        return None


def read_report(path: Path) -> dict | None:
    try:
        text = path.read_text()
    except OSError:
        return None
    if not text.strip():
        return None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        warn(f"{path}: not JSON ({exc}); ignoring it")
        return None


# --------------------------------------------------------------------------- scoring


def pct(num: int, den: int) -> str:
    return f"{100.0 * num / den:5.1f}%" if den else "    -"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--trees", type=Path, default=None, help="directory holding one folder per tree (default $GHOSTTAX_TREES)")
    ap.add_argument("--bin", type=Path, default=DEFAULT_BIN, help="ghosttax binary (default target/release/ghosttax)")
    ap.add_argument("--reports", type=Path, default=None, help="reuse DIR/<tree>.json instead of running")
    ap.add_argument("--save", type=Path, default=None, help="write the reports this run produced to DIR/<tree>.json")
    ap.add_argument("--manifest", type=Path, default=DEFAULT_MANIFEST)
    ap.add_argument("--trees-toml", type=Path, default=DEFAULT_TREES_TOML)
    ap.add_argument("--tree", action="append", default=[], help="score only this tree (repeatable)")
    ap.add_argument("--ext", default="", help="comma-separated file extensions to keep, e.g. .py,.pyi")
    ap.add_argument("--list-negatives", action="store_true", help="list every warning at a negative site")
    ap.add_argument("--quiet-lists", action="store_true", help="print the tables only")
    args = ap.parse_args()

    trees_meta = load_trees_toml(args.trees_toml)
    sites = load_manifest(args.manifest, trees_meta)
    exts = tuple(e if e.startswith(".") else "." + e for e in (x.strip() for x in args.ext.split(",")) if e)

    def keep_path(p: str) -> bool:
        return not exts or p.endswith(exts)

    sites = [s for s in sites if keep_path(s["path"])]
    tree_names = sorted({s["tree"] for s in sites}, key=str.lower)
    if args.tree:
        unknown = [t for t in args.tree if t not in tree_names]
        for t in unknown:
            warn(f"tree {t!r} has no site in the manifest; scoring its warnings as unlabeled")
        tree_names = sorted(set(args.tree), key=str.lower)
        sites = [s for s in sites if s["tree"] in tree_names]
    if not tree_names:
        die("no tree to score")

    trees_dir = args.trees or (Path(os.environ["GHOSTTAX_TREES"]) if os.environ.get("GHOSTTAX_TREES") else None)

    # Gather reports.
    reports: dict[str, dict] = {}
    for tree in tree_names:
        report = None
        if args.reports is not None:
            report = read_report(args.reports / f"{tree}.json")
        if report is None:
            if trees_dir is None:
                die(
                    f"no report for {tree!r}"
                    + (f" in {args.reports}" if args.reports else "")
                    + ": give --trees DIR or set GHOSTTAX_TREES"
                )
            root = trees_dir / tree
            if not root.is_dir():
                warn(f"tree {tree!r} not found at {root}; skipping it")
                continue
            if not args.bin.is_file():
                die(f"ghosttax binary not found: {args.bin} (build it, or pass --bin)")
            print(f"running ghosttax on {tree} ...", file=sys.stderr)
            report = run_ghosttax(args.bin, root)
            if report is None:
                continue
            if args.save is not None:
                args.save.mkdir(parents=True, exist_ok=True)
                (args.save / f"{tree}.json").write_text(json.dumps(report, indent=1) + "\n")
        reports[tree] = report

    # Index sites.
    site_at: dict[tuple[str, str, int], dict] = {}
    for s in sites:
        for ln in s["lines"]:
            site_at[(s["tree"], s["path"], ln)] = s
        # Another file's line that is equally right (a wrapper's call site and its pin).
        for path_, ln in s["also"]:
            site_at.setdefault((s["tree"], path_, ln), s)

    per_tree = {t: Counter() for t in tree_names}
    hit_sites: set[int] = set()
    unlabeled: list[tuple] = []
    false_alarms: list[tuple] = []
    fa_by_class: Counter = Counter()
    fa_by_rule: Counter = Counter()
    tp_by_rule: Counter = Counter()

    for tree in tree_names:
        report = reports.get(tree)
        if report is None:
            continue
        root = trees_dir / tree if trees_dir else None
        c = per_tree[tree]
        for f in report.get("findings", []):
            if f.get("severity") not in COUNTED_SEVERITIES:
                continue
            path = rel_path(f.get("path", ""), tree, root)
            if not keep_path(path):
                continue
            line = f.get("line")
            rule = f.get("rule", "?")
            c["warnings"] += 1
            site = site_at.get((tree, path, line))
            if site is None:
                c["unlabeled"] += 1
                unlabeled.append((tree, path, line, rule, f.get("message", "")))
            elif site["label"] in POSITIVE:
                c["positive"] += 1
                tp_by_rule[rule] += 1
                hit_sites.add(id(site))
            else:
                c["negative"] += 1
                fa_by_class[site["class"]] += 1
                fa_by_rule[rule] += 1
                hit_sites.add(id(site))
                false_alarms.append((tree, path, line, rule, site["class"], site["reason"]))

    for s in sites:
        c = per_tree.get(s["tree"])
        if c is None:
            continue
        c["sites"] += 1
        c["sites_" + ("neg" if s["label"] == "negative" else "pos")] += 1

    # Per-tree table.
    hdr = f"{'tree':<16}{'sites':>6}{'pos':>5}{'neg':>5} |{'warn':>6}{'@pos':>6}{'@neg':>6}{'unlab':>6} |{'precision':>10}{'prec(lab)':>10}{'recall':>8}"
    print(hdr)
    print("-" * len(hdr))
    total = Counter()
    pos_sites_tree = Counter()
    pos_hit_tree = Counter()
    for s in sites:
        if s["label"] in POSITIVE:
            pos_sites_tree[s["tree"]] += 1
            if id(s) in hit_sites:
                pos_hit_tree[s["tree"]] += 1
    for tree in tree_names:
        c = per_tree[tree]
        total.update(c)
        mark = "" if tree in reports else "  (no report)"
        print(
            f"{tree:<16}{c['sites']:>6}{c['sites_pos']:>5}{c['sites_neg']:>5} |"
            f"{c['warnings']:>6}{c['positive']:>6}{c['negative']:>6}{c['unlabeled']:>6} |"
            f"{pct(c['positive'], c['warnings']):>10}{pct(c['positive'], c['positive'] + c['negative']):>10}"
            f"{pct(pos_hit_tree[tree], pos_sites_tree[tree]):>8}{mark}"
        )
    print("-" * len(hdr))
    print(
        f"{'TOTAL':<16}{total['sites']:>6}{total['sites_pos']:>5}{total['sites_neg']:>5} |"
        f"{total['warnings']:>6}{total['positive']:>6}{total['negative']:>6}{total['unlabeled']:>6} |"
        f"{pct(total['positive'], total['warnings']):>10}{pct(total['positive'], total['positive'] + total['negative']):>10}"
        f"{pct(sum(pos_hit_tree.values()), sum(pos_sites_tree.values())):>8}"
    )
    print()
    print(
        f"precision (warnings at positive sites / all default warnings, unlabeled count as not real): "
        f"{total['positive']}/{total['warnings']} = {pct(total['positive'], total['warnings']).strip()}"
    )
    print(
        f"precision over labeled warnings only: {total['positive']}/{total['positive'] + total['negative']}"
        f" = {pct(total['positive'], total['positive'] + total['negative']).strip()}"
    )
    print("recall per positive label (sites with at least one default warning / sites), "
          "static: over the sites not marked `needs = \"trace\"`:")
    for label in POSITIVE:
        lab_sites = [s for s in sites if s["label"] == label and s["tree"] in reports]
        static = [s for s in lab_sites if not s["needs"]]
        hit = sum(1 for s in static if id(s) in hit_sites)
        traced = [s for s in lab_sites if s["needs"]]
        extra = ""
        if traced:
            t_hit = sum(1 for s in traced if id(s) in hit_sites)
            extra = f"   (+ {len(traced)} needing a trace, {t_hit} of them warned)"
        print(f"  {label:<10} {hit:>4}/{len(static):<4} {pct(hit, len(static))}{extra}")
    neg_sites = [s for s in sites if s["label"] == "negative" and s["tree"] in reports]
    neg_hit = sum(1 for s in neg_sites if id(s) in hit_sites)
    print(f"negative sites with a warning (false alarms): {neg_hit}/{len(neg_sites)}")
    if fa_by_class:
        print("warnings at negative sites by class: " + ", ".join(f"{k} {v}" for k, v in fa_by_class.most_common()))
        print("warnings at negative sites by rule:  " + ", ".join(f"{k} {v}" for k, v in sorted(fa_by_rule.items())))
    if tp_by_rule:
        print("warnings at positive sites by rule:  " + ", ".join(f"{k} {v}" for k, v in sorted(tp_by_rule.items())))

    if args.quiet_lists:
        return 0

    print()
    print(f"unlabeled warnings ({len(unlabeled)}): label these in manifest.toml")
    for tree, path, line, rule, msg in sorted(unlabeled, key=lambda x: (x[0].lower(), x[1], x[2], x[3])):
        print(f"  {tree}:{path}:{line} {rule} {msg[:90]}")

    if args.list_negatives:
        print()
        print(f"warnings at negative sites ({len(false_alarms)}):")
        for tree, path, line, rule, cls, reason in sorted(false_alarms, key=lambda x: (x[0].lower(), x[1], x[2], x[3])):
            print(f"  {tree}:{path}:{line} {rule} [{cls}] {reason[:80]}")

    missed = [s for s in sites if s["label"] in POSITIVE and s["tree"] in reports and id(s) not in hit_sites]
    for title, group in (
        ("missed positives", [s for s in missed if not s["needs"]]),
        ("missed positives that need a trace", [s for s in missed if s["needs"]]),
    ):
        print()
        print(f"{title} ({len(group)}):")
        for s in sorted(group, key=lambda s: (s["tree"].lower(), s["path"], s["line"])):
            print(f"  {s['tree']}:{s['path']}:{s['line']} [{s['label']}] {s['reason'][:90]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
