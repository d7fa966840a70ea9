"""Online processing of one run: correct, find peaks, run stages, index hits."""
from __future__ import annotations

import argparse
import json
import logging

import numpy as np

from .calib import q_map
from .detector import Detector
from .frames import RunSource
from .indexing import index_frame
from .stages import build_stages

log = logging.getLogger("sfxindex")


def process_run(args) -> dict:
    det = Detector(args.geom, args.mask, args.gain)
    dark = np.load(args.dark).astype(np.float32)
    pipe = det.pipeline(dark, args.min_peaks)
    stages = build_stages(args.stages, json.loads(args.stage_cfg))
    q = q_map(args.detector, det.geom.n_px(), args.wavelength_pm).numpy()
    src = RunSource(args.run)
    n_indexed = 0
    try:
        for fv in src.frames():
            upload = fv.pinned.to("cuda", non_blocking=True)
            peaks = pipe.process(fv.pixels, fv.event_id)
            out = {}
            for stage in stages:
                out.update(stage(fv, peaks))
            if len(peaks) >= args.min_peaks:
                pq = np.array([q[int(p[1]) * 1 + int(p[2])] for p in peaks], dtype=np.float32)
                basis, score = index_frame(np.stack([pq, pq, pq], axis=1), np.eye(3, dtype=np.float32) * args.cell_a)
                n_indexed += score > 0.5
            del upload
    finally:
        src.close()
    return {"hits": pipe.hits, "indexed": int(n_indexed)}


def main(argv=None):
    p = argparse.ArgumentParser("sfx-stream")
    p.add_argument("run")
    p.add_argument("--geom", required=True)
    p.add_argument("--mask", required=True)
    p.add_argument("--gain", required=True)
    p.add_argument("--dark", required=True)
    p.add_argument("--detector", default="jungfrau4m")
    p.add_argument("--wavelength-pm", type=int, default=130)
    p.add_argument("--cell-a", type=float, default=79.1)
    p.add_argument("--min-peaks", type=int, default=15)
    p.add_argument("--stages", nargs="*", default=["radial", "npeaks"])
    p.add_argument("--stage-cfg", default="{}")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO)
    log.info("%s", process_run(args))


if __name__ == "__main__":
    main()
