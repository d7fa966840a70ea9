from __future__ import annotations

import asyncio
import os
from contextlib import asynccontextmanager

import torch
from fastapi import FastAPI, HTTPException
from pydantic import BaseModel

from .model import CrystalDenoiser

DEVICE = "cuda"
MAX_ATOMS = 20
state: dict = {}


@asynccontextmanager
async def lifespan(app: FastAPI):
    model = CrystalDenoiser(max_atoms=MAX_ATOMS).to(DEVICE).eval()
    model.load_state_dict(torch.load(os.environ.get("CRYSTGEN_CKPT", "runs/mp20/best.pt"), map_location=DEVICE))
    state["model"] = model
    state["out"] = torch.zeros(MAX_ATOMS, 3).pin_memory()
    state["lock"] = asyncio.Lock()
    yield
    state.clear()


app = FastAPI(lifespan=lifespan)


class GenerateRequest(BaseModel):
    composition: list[int]
    steps: int = 200


def _sample(types: torch.Tensor, steps: int) -> list:
    frac = state["model"].sample(types, steps)
    out = state["out"][: types.shape[0]]
    out.copy_(frac)
    return out.tolist()


@app.post("/generate")
async def generate(req: GenerateRequest):
    if not 0 < len(req.composition) <= MAX_ATOMS:
        raise HTTPException(422, f"1..{MAX_ATOMS} atoms per cell")
    comp = torch.tensor(req.composition, dtype=torch.long).pin_memory()
    types = comp.to(DEVICE, non_blocking=True)
    async with state["lock"]:
        frac = await asyncio.to_thread(_sample, types, req.steps)
    return {"composition": req.composition, "frac": frac}
