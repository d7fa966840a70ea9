"""sarfocus RAW LEADER OUT: focus every burst of a raw stripmap acquisition and geocode the mosaic."""
from __future__ import annotations

import argparse
import logging

import numpy as np
import torch

from . import native
from .processor import Burst, BurstProcessor, ProcessorConfig


def read_bursts(path: str, lines_per_burst: int, samples: int):
    raw = np.fromfile(path, dtype=np.int16).reshape(-1, samples, 2)
    for i, start in enumerate(range(0, raw.shape[0] - lines_per_burst + 1, lines_per_burst)):
        yield Burst(i, raw[start : start + lines_per_burst])


def main(argv=None) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("raw")
    ap.add_argument("leader")
    ap.add_argument("out")
    ap.add_argument("--samples", type=int, default=10240)
    ap.add_argument("--burst-lines", type=int, default=8192)
    ap.add_argument("--quicklook", default=None, help="also write a decimated PNG here")
    ap.add_argument("--no-autofocus", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO)
    cfg = ProcessorConfig(leader=args.leader, max_lines=args.burst_lines, max_samples=args.samples,
                          autofocus=not args.no_autofocus)
    proc = BurstProcessor(cfg)
    try:
        tiles = [proc.process_burst(b) for b in read_bursts(args.raw, args.burst_lines, args.samples)]
        mosaic = np.concatenate(tiles, axis=0)
        if args.quicklook:
            ql = torch.from_numpy(np.ascontiguousarray(mosaic[::8, ::8])).pin_memory()
            lo, hi = torch.quantile(ql.cuda(non_blocking=True).flatten()[::97], torch.tensor([0.02, 0.98], device="cuda"))
            img = ((ql - float(lo)) / float(hi - lo)).clamp(0, 1).mul(255).byte().numpy()
            import imageio.v3 as iio

            iio.imwrite(args.quicklook, img)
        native.geocode(proc.ctx, mosaic, args.out)
    finally:
        proc.close()


if __name__ == "__main__":
    main()
