"""Simulate every part of a build plate configuration.

    python -m meltpool.cli configs/ti64.toml
"""
from __future__ import annotations

import argparse
import logging
import tomllib

import numpy as np

from . import hiprt
from ._ffi import check, ffi, lib
from .build import BuildJob, PartConfig


class NullCamera:
    def grab_into(self, frame: np.ndarray) -> None:
        frame[:] = 0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("config")
    ap.add_argument("--device", type=int, default=0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    with open(args.config, "rb") as fh:
        cfg = tomllib.load(fh)

    for raw in cfg["part"]:
        if "camera_shape" in raw:
            raw["camera_shape"] = tuple(raw["camera_shape"])
        part = PartConfig(**raw)
        ctx = lib.mp_create(args.device, part.nx, part.ny, part.nz, part.dx_um, part.material.encode())
        if ctx == ffi.NULL:
            raise SystemExit(ffi.string(lib.mp_error()).decode())
        check(lib.mp_load_powder_bed(ctx, part.powder_bed.encode()))
        plate = np.fromfile(part.plate_image, dtype=np.uint8)
        width = int(cfg.get("plate_width", 2048))
        check(lib.mp_attach_plate_image(ctx, ffi.from_buffer(plate), plate.nbytes, width, plate.nbytes // width))
        try:
            BuildJob(part, ctx, NullCamera()).run()
            check(lib.mp_export_melt_history(ctx, part.history_out.encode()))
        finally:
            lib.mp_destroy(ctx)
            hiprt.release_all()


if __name__ == "__main__":
    main()
