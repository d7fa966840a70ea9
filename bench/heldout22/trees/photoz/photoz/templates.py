"""Template SEDs integrated through the survey filters, reddened per tile."""
from __future__ import annotations

import functools

import cupy as cp
import cupyx
import numpy as np

from .catalog import Tile
from .config import SurveyConfig
from .register import sfd_ebv


@functools.lru_cache(maxsize=4)
def model_flux_host(n_templates: int, nz: int, n_bands: int) -> np.ndarray:
    """Host grid of unreddened model fluxes; one per (templates, redshifts, bands) shape."""
    return cupyx.zeros_pinned((n_templates, nz, n_bands), dtype=np.float32)


class TemplateBank:
    def __init__(self, cfg: SurveyConfig):
        with np.load(cfg.templates) as z:
            self.wave = z["wave"]
            self.seds = z["seds"]
            self.filters = np.stack([z[f"filter_{b}"] for b in cfg.bands])
        self.zgrid = np.linspace(cfg.z_min, cfg.z_max, cfg.nz, dtype=np.float32)
        # A_b / E(B-V) for every band (Fitzpatrick 99 at the filters' pivot wavelengths).
        self.ext_coeff = np.asarray([cfg.r_v * self._f99(b) for b in range(len(cfg.bands))], np.float32)
        self._reddened: dict[tuple[float, float, float, float], cp.ndarray] = {}

    def _f99(self, band: int) -> float:
        pivot = np.sqrt(np.trapz(self.filters[band] * self.wave, self.wave)
                        / np.trapz(self.filters[band] / self.wave, self.wave))
        return float(1.0 / (pivot / 5500.0) ** 1.2)

    def base_grid(self) -> np.ndarray:
        host = model_flux_host(len(self.seds), len(self.zgrid), len(self.filters))
        if not host.any():
            for k, z in enumerate(self.zgrid):
                lam = self.wave * (1.0 + z)
                for t, sed in enumerate(self.seds):
                    host[t, k] = np.trapz(self.filters * np.interp(self.wave, lam, sed), self.wave, axis=1)
        return host

    def grid_for(self, tile: Tile) -> cp.ndarray:
        """Model fluxes reddened by the Galactic dust in front of this tile."""
        key = (tile.ra_min, tile.ra_max, tile.dec_min, tile.dec_max)
        grid = self._reddened.get(key)
        if grid is None:
            base = self.base_grid()
            ebv = sfd_ebv(*tile.center)
            host = cupyx.empty_pinned(base.shape, dtype=np.float32)
            np.multiply(base, 10.0 ** (-0.4 * ebv * self.ext_coeff), out=host)
            grid = cp.asarray(host)
            self._reddened[key] = grid
        return grid
