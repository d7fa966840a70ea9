from __future__ import annotations

import argparse

import cupy as cp
import numpy as np
import yaml

from .callbacks import LivePreview
from .data import DiffractionDataset, make_loader
from .engines import ENGINES
from .export import export_tiff
from .positions import PositionRefiner


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="configs/recon.yaml")
    ap.add_argument("--engine")
    a = ap.parse_args(argv)
    cfg = yaml.safe_load(open(a.config))
    if a.engine:
        cfg["engine"] = a.engine
    ds = DiffractionDataset(cfg["data"])
    loader = make_loader(ds, cfg["batch_size"], cfg["workers"], cfg["pin_memory"])
    h, w = ds.shape
    span = ds.positions.max(0).astype(int) + np.array([h, w])
    probe = cp.ones((cfg["probe_modes"], h, w), dtype=cp.complex64) / np.sqrt(h * w)
    engine = ENGINES[cfg["engine"]](tuple(span), probe, ds.positions.copy())
    if cfg.get("position_correction"):
        engine.refiner = PositionRefiner(ds.positions)
    engine.callbacks.append(LivePreview(every=cfg.get("preview_every", 1)))
    obj = engine.run(loader, cfg["iterations"])
    export_tiff(obj, cfg["out"])


if __name__ == "__main__":
    main()
