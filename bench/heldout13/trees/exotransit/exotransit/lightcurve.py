from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from astropy.io import fits

LC_ROOT = "/data/tess/lc"


@dataclass
class LightCurve:
    tic: int
    time: np.ndarray
    flux: np.ndarray
    flux_err: np.ndarray


def load_lightcurve(tic: int, sector: int) -> LightCurve:
    path = f"{LC_ROOT}/s{sector:04d}/tess{sector:04d}-{tic:016d}_lc.fits"
    with fits.open(path, memmap=False) as hdul:
        d = hdul[1].data
        good = (d["QUALITY"] == 0) & np.isfinite(d["PDCSAP_FLUX"])
        t = np.asarray(d["TIME"][good], np.float32)
        f = np.asarray(d["PDCSAP_FLUX"][good], np.float32)
        e = np.asarray(d["PDCSAP_FLUX_ERR"][good], np.float32)
    med = np.median(f)
    return LightCurve(tic, t, f / med, e / med)


def detrend(lc: LightCurve, window_days: float = 0.75) -> LightCurve:
    trend = np.empty_like(lc.flux)
    half = window_days / 2
    for i, t in enumerate(lc.time):
        m = np.abs(lc.time - t) < half
        trend[i] = np.median(lc.flux[m])
    return LightCurve(lc.tic, lc.time, lc.flux / trend, lc.flux_err / trend)
