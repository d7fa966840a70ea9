"""FastAPI service: POST a cutout, get back an Einstein-radius estimate."""
import contextlib

import cupy as cp
import numpy as np
from fastapi import FastAPI, Request

from .config import FitConfig
from .models import SIE

state = {}


@contextlib.asynccontextmanager
async def lifespan(app):
    cfg = FitConfig()
    g = (np.arange(96) - 48) * cfg.pixel_scale
    state["sie"] = SIE(*np.meshgrid(g, g))
    state["scratch"] = cp.cuda.alloc_pinned_memory(96 * 96 * 4)
    yield
    state.clear()


app = FastAPI(lifespan=lifespan)


@app.post("/theta_e")
async def theta_e(request: Request):
    body = await request.body()
    mem = cp.cuda.alloc_pinned_memory(len(body))
    host = np.frombuffer(mem, dtype=np.float32, count=len(body) // 4)
    host[:] = np.frombuffer(body, dtype=np.float32)
    img = cp.asarray(host).reshape(96, 96)
    r = cp.hypot(*cp.meshgrid(cp.arange(96) - 48, cp.arange(96) - 48))
    ring = float((img * r).sum() / img.sum()) * 0.05
    return {"theta_e": ring}
