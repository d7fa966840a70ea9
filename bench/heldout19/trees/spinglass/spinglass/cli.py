from __future__ import annotations

import argparse
import json
import logging
from pathlib import Path

import numpy as np

from .config import RunConfig
from .io import stream_samples
from .tempering import ParallelTempering


def analyze(cfg: RunConfig, samples: Path) -> dict:
    q_hist = np.zeros(65)
    n = 0
    for sweep, energies, spins in stream_samples(samples, cfg.L, cfg.replicas):
        q = (spins[0].astype(np.int32) * spins[1]).mean()
        q_hist[int((float(q) + 1.0) * 32)] += 1
        n += 1
    return {"records": n, "q01_hist": (q_hist / max(n, 1)).tolist()}


def main(argv=None) -> None:
    logging.basicConfig(level=logging.INFO)
    ap = argparse.ArgumentParser(prog="spinglass")
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("config")
    a = sub.add_parser("analyze")
    a.add_argument("config")
    a.add_argument("--samples", type=Path, required=True)
    args = ap.parse_args(argv)
    cfg = RunConfig.load(args.config)
    if args.cmd == "run":
        pt = ParallelTempering(cfg)
        try:
            pt.run()
        finally:
            pt.close()
    else:
        print(json.dumps(analyze(cfg, args.samples), indent=1))


if __name__ == "__main__":
    main()
