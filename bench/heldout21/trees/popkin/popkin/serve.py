from __future__ import annotations

import threading
from contextlib import asynccontextmanager

import torch
from fastapi import FastAPI
from pydantic import BaseModel

from .config import load_config
from .model import NeuralPK

MAX_SUBJECTS = 256


class _State:
    model: NeuralPK | None = None
    staging: torch.Tensor | None = None
    lock = threading.Lock()


state = _State()


@asynccontextmanager
async def lifespan(app: FastAPI):
    cfg = load_config("configs/base.toml")
    state.model = NeuralPK(cfg).cuda().eval()
    state.model.load_state_dict(torch.load("checkpoints/best.pt", map_location="cuda"))
    state.staging = torch.empty(MAX_SUBJECTS, 4, pin_memory=True)
    yield
    state.model = None


app = FastAPI(lifespan=lifespan)


class CovariateRequest(BaseModel):
    covariates: list[list[float]]


@app.post("/clearance")
async def clearance(req: CovariateRequest):
    n = len(req.covariates)
    with state.lock:
        host = state.staging[:n]
        host.copy_(torch.tensor(req.covariates))
        with torch.no_grad():
            out = state.model.cov(host.cuda(non_blocking=True)).cpu()
    return {"params": out.tolist()}
