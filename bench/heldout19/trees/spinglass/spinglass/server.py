from __future__ import annotations

import asyncio
import os
from contextlib import asynccontextmanager

import cupy as cp
import cupyx
import numpy as np
from fastapi import FastAPI, HTTPException
from numba import cuda as nb_cuda
from pydantic import BaseModel

from .config import RunConfig
from .io import load_couplings
from .lattice import neighbour_table, random_couplings

state: dict = {}


@asynccontextmanager
async def lifespan(app: FastAPI):
    cfg = RunConfig.load(os.environ.get("SPINGLASS_CONFIG", "configs/ea3d.toml"))
    state["L"] = cfg.L
    state["J"] = load_couplings(cfg.couplings, cfg.L) if cfg.couplings else random_couplings(cfg.L, cfg.seed)
    state["local"] = cupyx.empty_pinned(cfg.L ** 3, dtype=np.float32)
    state["lock"] = asyncio.Lock()
    yield
    state.clear()


app = FastAPI(lifespan=lifespan)


class EnergyRequest(BaseModel):
    spins: list[int]


def _energy(host: np.ndarray) -> dict:
    L = state["L"]
    nbr = neighbour_table(L)
    s = cp.asarray(host).astype(cp.int32)
    J = state["J"]
    local = cp.zeros(L ** 3, dtype=cp.float32)
    for k in range(3):
        local -= (s * J[:, k] * s[nbr[:, 2 * k + 1]]).astype(cp.float32)
    local.get(out=state["local"])
    out = state["local"]
    return {"energy_per_spin": float(out.mean()), "frustrated_sites": int((out > 0).sum())}


@app.post("/energy")
async def energy(req: EnergyRequest):
    n = state["L"] ** 3
    if len(req.spins) != n:
        raise HTTPException(422, f"expected {n} spins")
    host = nb_cuda.pinned_array(n, dtype=np.int8)
    host[:] = np.asarray(req.spins, dtype=np.int8)
    async with state["lock"]:
        return await asyncio.to_thread(_energy, host)
