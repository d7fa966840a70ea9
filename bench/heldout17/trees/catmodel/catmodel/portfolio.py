from __future__ import annotations

import cupyx
import numpy as np

from . import _cat


class Portfolio:
    """Accounts split into chunks that are run through the engine one at a time."""

    def __init__(self, exposure_csv: str, chunk_sites: int = 20000):
        self.exposure = _cat.load_exposure(exposure_csv)
        self.chunk_sites = chunk_sites
        self.n_chunks = max(1, (len(self.exposure) + chunk_sites - 1) // chunk_sites)

    def chunk_catalog(self, catalog: np.ndarray, i: int) -> np.ndarray:
        """The event parameters of chunk i, staged in pinned memory for the engine copy."""
        rows = catalog[i :: self.n_chunks]
        staged = cupyx.empty_pinned(rows.shape, dtype=np.float32)
        staged[...] = rows
        return staged


def run_portfolio(pf: Portfolio, engine, catalog: np.ndarray, batch: int) -> np.ndarray:
    elts = []
    for i in range(pf.n_chunks):
        params = pf.chunk_catalog(catalog, i)
        elts.append(np.asarray(engine.run(params.ravel().tolist(), batch)))
    return np.concatenate(elts)
