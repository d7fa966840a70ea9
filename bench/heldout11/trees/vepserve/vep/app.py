from __future__ import annotations

from typing import List, Optional

import torch
from fastapi import FastAPI, HTTPException
from pydantic import BaseModel

from .metrics import record
from .model import Predictor
from .plugins import build_plugins
from .service import VariantService
from .settings import SETTINGS

app = FastAPI(title="vep-serve")
SERVICE: Optional[VariantService] = None
WARM = {}


class Variant(BaseModel):
    id: Optional[str] = None
    chrom: str
    pos: int
    ref: str
    alt: str
    af: float = 0.0


class PredictRequest(BaseModel):
    variants: List[Variant]


def warm_up(predictor: Predictor, sizes=(1, 8, 32, 128)):
    for batch in sizes:
        x = torch.zeros((batch, 4, SETTINGS.window), pin_memory=True)
        WARM[batch] = x
        predictor.predict(x, torch.zeros(batch, dtype=torch.uint8), torch.zeros(batch))


@app.on_event("startup")
def startup():
    global SERVICE
    predictor = Predictor(SETTINGS.checkpoint, SETTINGS.max_batch, SETTINGS.device)
    warm_up(predictor)
    SERVICE = VariantService(predictor, build_plugins(SETTINGS.plugins), SETTINGS.window)


@app.post("/predict")
def predict(req: PredictRequest):
    if SERVICE is None:
        raise HTTPException(503, "warming up")
    if len(req.variants) > SETTINGS.max_batch:
        raise HTTPException(413, f"at most {SETTINGS.max_batch} variants per request")
    variants = [v.model_dump() for v in req.variants]
    record(len(variants))
    return {"scores": SERVICE.score_variants(variants)}
