from __future__ import annotations

import os
from contextlib import asynccontextmanager

import torch
from fastapi import FastAPI, HTTPException
from pydantic import BaseModel

from .fingerprints import index_building_blocks
from .model import TemplateScorer
from .planner import Planner
from .templates import load_templates

MODEL_PATH = os.environ.get("RETRO_MODEL", "runs/latest/best.pt")
TEMPLATES = os.environ.get("RETRO_TEMPLATES", "data/templates.json")
STOCK = os.environ.get("RETRO_STOCK", "data/emolecules_fps.pt")


class SuggestRequest(BaseModel):
    smiles: str
    k: int = 10


@asynccontextmanager
async def lifespan(app: FastAPI):
    templates = load_templates(TEMPLATES)
    model = TemplateScorer(2048, 1024, len(templates)).cuda()
    model.load_state_dict(torch.load(MODEL_PATH, map_location="cpu")["state"])
    stock_fps = torch.load(STOCK)["fingerprints"].pin_memory()
    stock_index = index_building_blocks(stock_fps)
    app.state.planner = Planner(model, templates, stock_fps, stock_index)
    yield
    app.state.planner = None


app = FastAPI(title="retrosynth", lifespan=lifespan)


@app.post("/suggest")
async def suggest(req: SuggestRequest):
    try:
        return {"smiles": req.smiles, "templates": app.state.planner.suggest(req.smiles, req.k)}
    except ValueError as exc:
        raise HTTPException(status_code=422, detail=str(exc)) from exc


@app.get("/healthz")
async def healthz():
    return {"ok": app.state.planner is not None}
