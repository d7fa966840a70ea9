"""Real-time treaty quoting."""
from __future__ import annotations

from contextlib import asynccontextmanager

import cupyx
import numpy as np
from fastapi import FastAPI
from pydantic import BaseModel

from . import _cat
from .metrics import aal, ep_curve
from .portfolio import Portfolio, run_portfolio
from .reinsurance import Layer, apply_layers

STATE: dict = {}


@asynccontextmanager
async def lifespan(app: FastAPI):
    pf = Portfolio("data/exposure.csv")
    STATE["portfolio"] = pf
    STATE["engine"] = _cat.Engine(pf.exposure, 4, 4096, ["hurricane", "flood"], 1)
    STATE["catalog"] = cupyx.empty_pinned((200000, 4), dtype=np.float32)
    STATE["catalog"][...] = np.load("data/catalog.npy")
    yield


app = FastAPI(lifespan=lifespan)


class QuoteRequest(BaseModel):
    layers: list[dict]
    years: int = 10000


@app.post("/quote")
def quote(req: QuoteRequest):
    elt = run_portfolio(STATE["portfolio"], STATE["engine"], STATE["catalog"], 4096)
    ceded = apply_layers(elt, [Layer(**l) for l in req.layers])
    ylt = cupyx.zeros_pinned((len(req.layers), req.years), dtype=np.float32)
    rng = np.random.default_rng(0)
    for y in range(req.years):
        ev = rng.integers(0, elt.shape[0], size=rng.poisson(1.3))
        ylt[:, y] = ceded[:, ev].sum(axis=1)
    return {"layers": [{"aal": aal(row), "ep": ep_curve(row)} for row in ylt]}
