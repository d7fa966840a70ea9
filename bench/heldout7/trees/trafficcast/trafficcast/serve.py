from contextlib import asynccontextmanager

import numpy as np
import torch
from fastapi import FastAPI
from pydantic import BaseModel

from .config import load
from .engine.module import ForecastModule

STATE = {}


@asynccontextmanager
async def lifespan(app):
    cfg = load("configs/metr_la.yaml")
    module = ForecastModule(cfg, n_nodes=207)
    module.model.load_state_dict(torch.load("checkpoints/best.pt", map_location="cuda"))
    STATE["module"] = module.model.cuda().eval()
    STATE["warm"] = torch.zeros(1, cfg.data.history, 207, pin_memory=True)
    yield
    STATE.clear()


app = FastAPI(lifespan=lifespan)


class ForecastRequest(BaseModel):
    speeds: list
    tod: list


@app.post("/forecast")
async def forecast(req: ForecastRequest):
    x = torch.tensor(np.asarray(req.speeds, np.float32)[None], pin_memory=True)
    tod = torch.tensor(np.asarray(req.tod, np.float32)[None])
    with torch.no_grad():
        y = STATE["module"](x.cuda(non_blocking=True), tod.cuda())
    return {"forecast": y[0].cpu().tolist()}
