from __future__ import annotations

import argparse
import ctypes

import numpy as np
import torch

from ._lib import lib
from .pipeline import Pipeline
from .stages import Atmosphere, Calibrate, Normalize, Rx, Unmix


def make_quicklook(abundances: np.ndarray, out: str):
    rgb = torch.from_numpy(abundances[..., :3].copy()).pin_memory()
    rgb = (rgb.cuda(non_blocking=True).clamp(0, 1) * 255).byte().cpu().numpy()
    np.save(out, rgb)


def main(argv=None):
    ap = argparse.ArgumentParser(description="push-broom hyperspectral processing")
    ap.add_argument("cube")
    ap.add_argument("--dark", required=True)
    ap.add_argument("--gain", required=True)
    ap.add_argument("--endmembers", type=int, default=6)
    ap.add_argument("--fit-iters", type=int, default=20)
    ap.add_argument("--out", default="abundances.npy")
    args = ap.parse_args(argv)

    lines, samples, bands = ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
    ptr = ctypes.POINTER(ctypes.c_float)()
    rc = lib.hsi_read_cube(args.cube.encode(), ctypes.byref(lines), ctypes.byref(samples), ctypes.byref(bands),
                           ctypes.byref(ptr))
    if rc != 0:
        raise SystemExit(f"cannot read {args.cube}: {rc}")
    cube = np.ctypeslib.as_array(ptr, shape=(lines.value, bands.value, samples.value))
    sub = np.ascontiguousarray(cube[:: max(lines.value // 64, 1)].transpose(0, 2, 1).reshape(-1, bands.value))
    em = np.ascontiguousarray(sub[: args.endmembers])
    lib.fit_endmembers(sub.ctypes.data, sub.shape[0], bands.value, args.endmembers, args.fit_iters, em.ctypes.data)

    dark = np.load(args.dark)
    gain = np.load(args.gain)
    pipe = Pipeline([Calibrate(dark, gain), Atmosphere(), Normalize(), Unmix(em), Rx()])
    raw_lines = (np.clip(cube[i], 0, 65535).astype(np.uint16) for i in range(lines.value))
    abundances = np.stack([item["abundances"] for item in pipe.run(raw_lines, samples.value, bands.value)])
    out = np.ascontiguousarray(abundances, dtype=np.float32)
    lib.hsi_write_cube(args.out.encode(), out.ctypes.data, out.shape[0], out.shape[1], out.shape[2])
    make_quicklook(abundances, args.out.replace(".npy", "_rgb.npy"))
    lib.hsi_free_cube(ptr)


if __name__ == "__main__":
    main()
