"""Tiles of a survey catalogue and their upload to the GPU."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import cupy as cp
import cupyx
import numpy as np

from .config import SurveyConfig


@dataclass
class Tile:
    name: str
    ra_min: float
    ra_max: float
    dec_min: float
    dec_max: float
    ids: np.ndarray
    flux: np.ndarray  # [n, n_bands], nJy
    ferr: np.ndarray  # [n, n_bands]

    @property
    def center(self) -> tuple[float, float]:
        return 0.5 * (self.ra_min + self.ra_max), 0.5 * (self.dec_min + self.dec_max)


def make_flux_buffer(n_obj: int, n_bands: int) -> np.ndarray:
    """Page-locked [n_obj, 2 * n_bands] block: fluxes in the first half, errors in the second."""
    return cupyx.empty_pinned((n_obj, 2 * n_bands), dtype=np.float32)


class TileReader:
    def __init__(self, cfg: SurveyConfig, max_objects: int):
        self.paths = sorted(Path(cfg.catalog).glob("tile_*.npz"))
        self.n_bands = len(cfg.bands)
        self.stream = cp.cuda.Stream(non_blocking=True)
        # Spare block kept for the reader's lifetime; the zero-point refit tool borrows it.
        self.spare = make_flux_buffer(max_objects, self.n_bands)

    def __len__(self) -> int:
        return len(self.paths)

    def __iter__(self):
        for path in self.paths:
            with np.load(path) as z:
                yield Tile(
                    name=path.stem,
                    ra_min=float(z["ra_min"]),
                    ra_max=float(z["ra_max"]),
                    dec_min=float(z["dec_min"]),
                    dec_max=float(z["dec_max"]),
                    ids=z["ids"],
                    flux=np.ascontiguousarray(z["flux"], dtype=np.float32),
                    ferr=np.ascontiguousarray(z["ferr"], dtype=np.float32),
                )

    def stage(self, tile: Tile) -> cp.ndarray:
        nb = self.n_bands
        host = make_flux_buffer(len(tile.ids), nb)
        host[:, :nb] = tile.flux
        host[:, nb:] = tile.ferr
        dev = cp.empty(host.shape, dtype=cp.float32)
        dev.set(host, stream=self.stream)
        self.stream.synchronize()
        return dev
