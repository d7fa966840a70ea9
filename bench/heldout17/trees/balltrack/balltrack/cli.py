import argparse
import logging

import numpy as np

from . import _bt
from .config import RigConfig
from .exposure import measure_exposure
from .tracker import run_match


def main(argv=None):
    p = argparse.ArgumentParser("balltrack")
    p.add_argument("--cameras", type=int, default=6)
    p.add_argument("--projections", default="calib/projections.npy")
    a = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO)
    cfg = RigConfig(n_cameras=a.cameras)
    probe = _bt.CameraRig(cfg.n_cameras, cfg.width, cfg.height)
    level = measure_exposure(probe.grab_all())
    logging.info("scene level %.1f", level)
    del probe
    run_match(cfg, list(np.load(a.projections)))
