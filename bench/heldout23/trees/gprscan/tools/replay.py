"""Re-migrates logged B-scans at another velocity, for QA of field picks.

    PYTHONPATH=python python tools/replay.py qa/bscans_2024-05.csv --velocity 0.09 -o qa/remig

Each row of the CSV log names a raw B-scan dump (.npy, traces x samples) with its trace
spacing; the May log has ~18k rows.
"""
from __future__ import annotations

import argparse
import csv
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from gprscan._lib import check, lib


@dataclass
class Spec:
    npy: Path
    spacing_m: float


def read_specs(path: str):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            yield Spec(Path(row["npy"]), float(row.get("spacing_m", 0.02)))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("log")
    ap.add_argument("--velocity", type=float, default=0.1)
    ap.add_argument("--samples", type=int, default=512)
    ap.add_argument("--dt", type=float, default=0.1)
    ap.add_argument("-o", "--out", default="remig")
    args = ap.parse_args()

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    ctx = lib.gpr_create(0, args.samples, args.dt, 400.0)
    try:
        for spec in read_specs(args.log):
            tr = np.ascontiguousarray(np.load(spec.npy), dtype=np.float32)
            img = np.empty_like(tr)
            check(lib.gpr_migrate_bscan(ctx, tr, tr.shape[0], spec.spacing_m, args.velocity, img), "migrate")
            np.save(out / spec.npy.name, img)
    finally:
        lib.gpr_destroy(ctx)


if __name__ == "__main__":
    main()
