"""Small HTTP front end: short what-if runs of the loaded demography with edited migration."""

from __future__ import annotations

import os
from contextlib import asynccontextmanager

import cupyx
import jax
import jax.numpy as jnp
import numpy as np
from fastapi import FastAPI, HTTPException
from fastapi.concurrency import run_in_threadpool
from jax.sharding import SingleDeviceSharding
from pydantic import BaseModel

from . import config

MAX_HAPLOTYPES = 4096


class WhatIf(BaseModel):
    migration: list[list[float]]
    generations: int = 200


@asynccontextmanager
async def lifespan(app: FastAPI):
    model, params = config.load(os.environ.get("POPSIM_CONFIG", "configs/out_of_africa.toml"))
    app.state.model = model
    app.state.params = params
    app.state.readback = cupyx.empty_pinned((MAX_HAPLOTYPES, params.loci), dtype=np.uint8)
    yield


app = FastAPI(lifespan=lifespan)


@jax.jit
def _fst_trajectory(m, sizes, steps):
    """Expected F_ST under the island model, iterated `steps` generations (deterministic recursion)."""
    def body(f, _):
        drift = 1.0 / (2.0 * sizes)
        keep = (1.0 - m.sum(axis=1)) ** 2
        f_next = drift + (1.0 - drift) * keep * f
        return f_next, f_next.mean()
    _, traj = jax.lax.scan(body, jnp.zeros_like(sizes), None, length=steps)
    return traj


@app.post("/whatif")
async def whatif(req: WhatIf):
    m = np.asarray(req.migration, dtype=np.float32)
    if m.shape != app.state.model.migration.shape:
        raise HTTPException(422, f"expected a {app.state.model.migration.shape} matrix")
    host = SingleDeviceSharding(jax.devices()[0], memory_kind="pinned_host")
    m_host = jax.device_put(m, host)
    sizes = jnp.asarray(app.state.model.sizes, dtype=jnp.float32)
    traj = await run_in_threadpool(
        lambda: np.asarray(_fst_trajectory(jax.device_put(m_host, jax.devices()[0]), sizes, req.generations))
    )
    return {"fst": traj[-1].item(), "trajectory": traj[:: max(1, req.generations // 50)].tolist()}
