#!/usr/bin/env python3
"""Checks src/'s layering: no import circle between modules, and no module importing a layer
above its own. Reads `crate::`/`super::` paths (and a folder's mod.rs naming its children);
unit-test modules (`#[cfg(test)] mod ..`, last in a file) are left out.
Also: no source file over MAX_LINES lines, and main.rs under MAX_MAIN (issue #40: a file
is what one person reads in one sitting).
Usage: .ci/layers.py [SRC_DIR] [-v]"""
import os
import re
import sys

# Bottom to top: the data; text-level reading; front ends; the analysis layer; rules; the
# pipeline and what drives it; output; the commands (the binary's, one module each) and the
# command line.
LAYERS = [
    ["source", "model", "platform"],
    ["catalog"],
    ["tax"],
    ["finding"],
    ["discover", "scan", "git", "tracefile"],
    ["frontend"],
    ["analysis"],
    ["rules"],
    ["config", "engine", "baseline", "calibrate"],
    ["diffbase", "report", "trace"],
    ["commands"],
    ["main", "lib"],
]
MAX_LINES = 1200
MAX_MAIN = 200
RANK = {m: i for i, layer in enumerate(LAYERS) for m in layer}


def modules(root):
    mods = {}
    for dp, _, fn in os.walk(root):
        for f in fn:
            if f.endswith(".rs"):
                p = os.path.join(dp, f)
                parts = os.path.relpath(p, root)[:-3].split(os.sep)
                if parts[-1] == "mod":
                    parts = parts[:-1]
                mods["::".join(parts)] = p
    return mods


def edges_of(mods):
    names = set(mods)

    def resolve(path):
        segs = path.split("::")
        best = None
        for i in range(1, len(segs) + 1):
            c = "::".join(segs[:i])
            if c in names:
                best = c
        return best

    edges = {m: set() for m in mods}
    for m, p in mods.items():
        with open(p, encoding="utf-8") as fh:
            src = fh.read()
        src = re.sub(r"//[^\n]*", "", src)
        src = re.split(r"#\[cfg\(test\)\]\s*mod\s+\w+", src)[0]
        me = [] if m in ("lib", "main") else m.split("::")
        is_mod = p.endswith("mod.rs") or m in ("lib", "main")

        def add(full):
            r = resolve(full)
            if r and r != m and r not in ("lib", "main"):
                edges[m].add(r)

        for mt in re.finditer(r"\b(crate|super|ghosttax)((?:::\w+)+)", src):
            rest = mt.group(2)[2:]
            add(rest if mt.group(1) != "super" else "::".join(me[:-1] + rest.split("::")))
        for mt in re.finditer(r"\buse\s+(crate|super)::\{([^;]*)\};", src, re.S):
            for item in mt.group(2).split(","):
                item = item.strip().split("::{")[0].strip("{} \n")
                add(item if mt.group(1) == "crate" else "::".join(me[:-1] + [item]))
        if is_mod:
            prefix = "" if m in ("lib", "main") else m + "::"
            for child in names:
                if child.startswith(prefix) and child.count("::") == prefix.count("::"):
                    short = child[len(prefix):]
                    if re.search(r"(?<![\w:])" + short + r"::", src):
                        edges[m].add(child)
    return edges


def cycles(edges):
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("-")]
    root = args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src")
    edges = edges_of(modules(root))
    bad = 0
    for comp in cycles(edges):
        print(f"import circle: {' <-> '.join(comp)}")
        bad += 1
    for m in sorted(edges):
        top = m.split("::")[0]
        if top not in RANK:
            print(f"{m}: not in a layer of .ci/layers.py (add its folder to LAYERS)")
            bad += 1
            continue
        for d in sorted(edges[m]):
            dt = d.split("::")[0]
            if RANK.get(dt, -1) > RANK[top]:
                print(f"{m} imports {d}, a layer above it")
                bad += 1
        if "-v" in sys.argv:
            print(m, "->", sorted(edges[m]))
    for folder, _, names in os.walk(root):
        for name in sorted(n for n in names if n.endswith(".rs")):
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8") as f:
                lines = sum(1 for _ in f)
            limit = MAX_MAIN if os.path.relpath(path, root) == "main.rs" else MAX_LINES
            if lines > limit:
                print(f"{os.path.relpath(path, root)}: {lines} lines, over {limit}: split it by concern")
                bad += 1
    if bad:
        sys.exit(1)
    print(f"layers: {len(edges)} modules, no import circle, no import upward, no file over {MAX_LINES} lines")


if __name__ == "__main__":
    main()
