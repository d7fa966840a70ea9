from __future__ import annotations

import glob
from concurrent.futures import ThreadPoolExecutor

import numpy as np
from numba import cuda

from .astrometry import Astrometry
from .catalog import load_catalog
from .linking import HelioLinker


def warmup(linker: HelioLinker):
    probe = np.zeros((128, 3), dtype=np.float32)
    with cuda.pinned(probe):
        linker.link_night(probe)


def run(cfg) -> list:
    linker = HelioLinker(cfg["link"]["r_hyp"])
    warmup(linker)
    nights = [np.load(p) for p in sorted(glob.glob(cfg["nights"]))]
    with ThreadPoolExecutor(cfg["link"]["workers"]) as ex:
        links = list(ex.map(linker.link_night, nights))
    astro = Astrometry(load_catalog(cfg["catalog"])[:, :2])
    frames = [np.load(p) for p in sorted(glob.glob(cfg["frames"] + "/*.npy"))]
    solutions = [astro.solve_frame(f) for f in frames]
    return links, solutions
