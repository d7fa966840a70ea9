"""One-off antenna calibration over the reference pipe in the test pit.

    PYTHONPATH=python python tools/calibrate.py pit/FILE____099.DZT --depth 0.80
Prints the velocity fitted to the pipe's diffraction and the depth it implies.
"""
from __future__ import annotations

import argparse
import ctypes
import os

import numpy as np

from gprscan._lib import check, lib
from gprscan.cudart import free_block, pinned_block


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("dzt")
    ap.add_argument("--depth", type=float, required=True)
    ap.add_argument("--samples", type=int, default=512)
    ap.add_argument("--dt", type=float, default=0.1)
    ap.add_argument("--spacing", type=float, default=0.02)
    args = ap.parse_args()

    ctx = lib.gpr_create(0, args.samples, args.dt, 400.0)
    max_traces = os.path.getsize(args.dzt) // (2 * args.samples) + 1
    traces = np.empty((max_traces, args.samples), np.float32)
    n = ctypes.c_int(0)
    check(lib.gpr_read_dzt(ctx, args.dzt.encode(), traces, max_traces, ctypes.byref(n)), "read")
    traces = np.ascontiguousarray(traces[: n.value])
    image = pinned_block(traces.size)
    img = image.reshape(traces.shape)
    check(lib.gpr_migrate_bscan(ctx, traces, traces.shape[0], args.spacing, 0.1, img), "migrate")
    apex = np.array(np.unravel_index(np.argmax(np.abs(img)), img.shape), dtype=np.int32)
    vel = np.empty(1, np.float32)
    check(lib.gpr_fit_hyperbolas(ctx, img, img.shape[0], apex, 1, args.spacing, vel), "fit")
    free_block(image)
    lib.gpr_destroy(ctx)
    v = float(vel[0])
    z_pred = 0.5 * v * apex[1] * args.dt
    print(f"velocity {v:.3f} m/ns (eps_r {(0.2998 / v) ** 2:.1f}), apex depth {z_pred:.2f} m vs surveyed {args.depth:.2f} m")


if __name__ == "__main__":
    main()
