from __future__ import annotations

import logging
from concurrent.futures import ThreadPoolExecutor

import cupy
import cupyx
import numpy as np

from .bls import BLSSearch
from .lightcurve import LightCurve, detrend, load_lightcurve
from .limbdark import limb_darkening_grid
from .refine import refine_candidates, top_peaks
from .vetting import calibrate_thresholds, odd_even_test

log = logging.getLogger("exotransit")


def inject_recover(lc: LightCurve, bls: BLSSearch, n: int, seed: int = 0) -> float:
    """Completeness: inject box transits at random periods and count how many BLS recovers."""
    rng = np.random.default_rng(seed + lc.tic)
    hits = 0
    for k in range(n):
        buf = cupyx.zeros_pinned(lc.flux.shape, dtype=np.float32)
        period = float(rng.uniform(1.0, 15.0))
        depth = float(rng.uniform(5e-4, 5e-3))
        d = cupy.asarray(lc.flux) * (1.0 - depth * (cupy.asarray(lc.time % period) < 0.1))
        d.get(out=buf)
        power = bls.power(LightCurve(lc.tic, lc.time, buf, lc.flux_err))
        best = float(bls.periods[int(np.argmax(power))])
        hits += abs(best / period - 1.0) < 0.01
    return hits / max(n, 1)


class SectorPipeline:
    def __init__(self, cfg: dict, sector: int, camera: int):
        s = cfg["search"]
        self.cfg = cfg
        self.sector = sector
        self.bls = BLSSearch(s["period_min_days"], s["period_max_days"], s["n_periods"], s["durations_hours"])
        self.threshold = calibrate_thresholds(np.load(cfg["pipeline"]["noise_path"]))
        self.ld = limb_darkening_grid(sector, camera)
        self.results = {}

    def process_target(self, tic: int):
        lc = detrend(load_lightcurve(tic, self.sector))
        power = self.bls.power(lc)
        cands = top_peaks(power, self.bls.periods, self.bls.durations, self.cfg["search"]["top_k"])
        cands = refine_candidates(lc, cands)
        for c in cands:
            c.odd_even = odd_even_test(lc, c)
        n_inj = self.cfg["pipeline"]["injections"]
        completeness = inject_recover(lc, self.bls, n_inj) if n_inj else None
        return tic, [c for c in cands if c.snr > self.threshold], completeness

    def run(self, tics: list[int]) -> dict:
        with ThreadPoolExecutor(max_workers=self.cfg["pipeline"]["workers"]) as ex:
            for tic, cands, comp in ex.map(self.process_target, tics):
                self.results[tic] = (cands, comp)
                if cands:
                    log.info("TIC %d: %d candidates, best P=%.4f d", tic, len(cands), cands[0].period)
        return self.results
