"""Virtual 4C profiles: one bedGraph per viewpoint of a capture panel.

    python scripts/virtual4c.py out/GM12878/balanced.npz panels/promoters_v3.bed -o v4c/
"""
from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path

import cupy as cp
import cupyx
import numpy as np

from hicmaps.register import load_cool_block


@dataclass
class Viewpoint:
    chrom: str
    start: int
    end: int
    name: str


def read_specs(path: str):
    with open(path) as fh:
        for line in fh:
            if line.startswith(("#", "track", "browser")):
                continue
            f = line.split()
            yield Viewpoint(f[0], int(f[1]), int(f[2]), f[3] if len(f) > 3 else f"{f[0]}:{f[1]}")


def write_profile(mat: cp.ndarray, row: int, lo: int, hi: int, out: Path, resolution: int, chrom: str) -> None:
    prof = cupyx.empty_pinned((hi - lo,), dtype=np.float32)
    mat[row, lo:hi].astype(cp.float32).get(out=prof)
    with open(out, "w") as fh:
        for k, v in enumerate(prof):
            if v > 0:
                s = k * resolution
                fh.write(f"{chrom}\t{s}\t{s + resolution}\t{v:.5g}\n")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("matrix")
    ap.add_argument("viewpoints")
    ap.add_argument("-o", "--out", default="v4c")
    ap.add_argument("--resolution", type=int, default=10000)
    ap.add_argument("--offsets", default=None, help="JSON chrom -> first bin (default: next to the matrix)")
    args = ap.parse_args()

    import json

    mat = load_cool_block(Path(args.matrix))
    offsets = json.loads(Path(args.offsets or Path(args.matrix).with_name("offsets.json")).read_text())
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for spec in read_specs(args.viewpoints):
        if spec.chrom not in offsets:
            continue
        lo, hi = offsets[spec.chrom]
        row = lo + (spec.start + spec.end) // 2 // args.resolution
        write_profile(mat, row, lo, hi, out / f"{spec.name}.bedgraph", args.resolution, spec.chrom)


if __name__ == "__main__":
    main()
