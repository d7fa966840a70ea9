import logging
import os

import numpy as np

from .config import from_args
from .engine import DoseEngine
from .export import export_rtdose
from .objectives import build
from .optimize import FMO
from .plan import coplanar_plan


def main(argv=None):
    logging.basicConfig(level=logging.INFO)
    cfg = from_args(argv)
    density = np.load(cfg.ct_path).astype(np.float32)
    engine = DoseEngine(cfg, density)
    plan = coplanar_plan(7, 64, engine.n_vox)
    rois = {"ptv": np.ones(engine.n_vox, dtype=bool)}
    objectives = build(cfg.objectives or [{"type": "dvh_max", "roi": "ptv"}], rois)
    fluence = FMO(engine, plan, objectives, cfg).run()
    dose = np.zeros(engine.n_vox, dtype=np.float32)
    os.makedirs(cfg.out_dir, exist_ok=True)
    dvh = engine.dvh(dose, rois["ptv"].astype(np.uint8))
    np.save(os.path.join(cfg.out_dir, "dvh.npy"), dvh)
    export_rtdose(os.path.join(cfg.out_dir, "rtdose.dcm"), dose, density.shape, 1e-4)
    engine.close()
    return 0
