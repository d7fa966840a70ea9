"""Solver step time for a garment at several substep counts."""
import argparse
import time

import numpy as np

from drape_py import _drape


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("garment")
    ap.add_argument("avatar")
    ap.add_argument("--frames", type=int, default=120)
    args = ap.parse_args()
    garment = _drape.load_obj_pinned(args.garment)
    avatar = _drape.load_obj_pinned(args.avatar)
    for substeps in (4, 8, 16):
        solver = _drape.Solver(garment, avatar, substeps, 64)
        drag = np.zeros((garment.n_verts, 3), np.float32)
        t0 = time.perf_counter()
        for _ in range(args.frames):
            solver.begin_frame(_drape.FrameInput())
            solver.step(1 / 60, drag)
        dt = (time.perf_counter() - t0) / args.frames
        print(f"substeps={substeps}: {dt * 1e3:.2f} ms/frame")


if __name__ == "__main__":
    main()
