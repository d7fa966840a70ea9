"""Compute the daily fine-grid climatology once and store it next to the training data."""
from __future__ import annotations

import argparse

import jax
import jax.numpy as jnp
import numpy as np
import zarr

from downscale.sharding import host_sharding


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("store")
    ap.add_argument("--var", default="t2m")
    args = ap.parse_args()
    store = zarr.open(args.store, mode="a")
    fine = store[f"fine/{args.var}"]
    doy = np.asarray(store["dayofyear"][:])
    acc = jnp.zeros((366, *fine.shape[1:]), dtype=jnp.float32)
    cnt = np.zeros(366, dtype=np.int64)
    for t in range(fine.shape[0]):
        acc = acc.at[doy[t] - 1].add(jnp.asarray(fine[t]))
        cnt[doy[t] - 1] += 1
    clim = acc / jnp.maximum(jnp.asarray(cnt), 1)[:, None, None]
    host = jax.device_put(clim, host_sharding())
    store[f"climatology/{args.var}"] = np.asarray(host)


if __name__ == "__main__":
    main()
