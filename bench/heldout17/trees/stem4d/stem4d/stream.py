from __future__ import annotations

import argparse

import numpy as np

from .config import ScanConfig
from .dpc import DPCReconstructor
from .export import export_maps
from .orientation import OrientationMap
from .reader import DetectorFile
from .session import iter_rows
from .strain import disk_template, find_disks
from .virtual import VirtualImager


def analyse(path: str, cfg: ScanConfig) -> dict[str, np.ndarray]:
    df = DetectorFile(path)
    imager = VirtualImager(df.qx, cfg.bf_radius, cfg.adf_inner, cfg.adf_outer)
    dpc = DPCReconstructor(df.ny, df.nx)
    orient = OrientationMap()
    template = disk_template(df.qx, cfg.disk_template_radius)
    bf = np.zeros((df.ny, df.nx), np.float32)
    adf = np.zeros_like(bf)
    omap = np.zeros_like(bf)
    for row, frames in iter_rows(df):
        bf[row], adf[row] = imager.row(frames)
        dpc.dpc_row(row, frames)
        disks = find_disks(frames, template, cfg.disk_batch)
        omap[row] = orient.fit(disks, df.qx)
    df.close()
    return {"bf": bf, "adf": adf, "phase": dpc.phase().astype(np.float32), "orientation": omap}


def main(argv=None):
    p = argparse.ArgumentParser("stem4d")
    p.add_argument("scan")
    p.add_argument("--out", default="maps.npz")
    args = p.parse_args(argv)
    maps = analyse(args.scan, ScanConfig())
    if not export_maps(args.out, maps):
        raise SystemExit("export failed")
