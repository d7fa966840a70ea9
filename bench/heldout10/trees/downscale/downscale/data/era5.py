"""ERA5 (coarse) -> CERRA (fine) training pairs from a zarr store."""
from __future__ import annotations

import jax
import numpy as np
import zarr

from downscale.config import Config
from downscale.sharding import host_sharding


def time_index(store, years: list[int]) -> np.ndarray:
    t = np.asarray(store["time"][:], dtype="datetime64[h]")
    yrs = t.astype("datetime64[Y]").astype(int) + 1970
    return np.nonzero(np.isin(yrs, years))[0]


def batches(cfg: Config, years: list[int], seed: int = 0):
    store = zarr.open(cfg.data.path, mode="r")
    coarse = [store[f"coarse/{v}"] for v in cfg.data.variables]
    fine = [store[f"fine/{v}"] for v in cfg.data.variables]
    times = time_index(store, years)
    rng = np.random.default_rng(seed)
    host = host_sharding()
    static = jax.device_put(np.stack([store["orography"][:], store["land_sea_mask"][:]]).astype(np.float32), host)
    while True:
        idx = np.sort(rng.choice(times, cfg.train.batch_size, replace=False))
        x = np.stack([np.stack([c[t] for c in coarse]) for t in idx]).astype(np.float32)
        y = np.stack([np.stack([f[t] for f in fine]) for t in idx]).astype(np.float32)
        xy = jax.device_put((x, y), host)
        yield {"x": xy[0], "y": xy[1], "static": static}
