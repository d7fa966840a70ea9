import contextlib

import numpy as np
import torch
from fastapi import FastAPI
from pydantic import BaseModel

from .cache import FeatureSetCache, RequestCache
from .config import parse_args
from .native import Table

CFG = parse_args([])
STATE = {}


@contextlib.asynccontextmanager
async def lifespan(app):
    STATE["table"] = Table(CFG.table_path, CFG.rows, CFG.dim)
    STATE["table"].load_shards(CFG.table_path, CFG.shards)
    STATE["warm"] = torch.empty((CFG.max_batch, CFG.dim), dtype=torch.float32, pin_memory=True)
    STATE["sets"] = FeatureSetCache()
    STATE["requests"] = RequestCache()
    yield
    STATE["table"].close()


app = FastAPI(lifespan=lifespan)


class FeatureRequest(BaseModel):
    request_id: str
    ids: list[int]
    feature_set: str = "default"


@app.post("/features")
async def features(req: FeatureRequest):
    out = STATE["table"].gather(req.ids)
    blk = STATE["sets"].block(req.feature_set, CFG.max_batch, CFG.dim)
    blk[: len(req.ids)].copy_(torch.from_numpy(out))
    STATE["requests"].put(req.request_id, out)
    return {"n": len(req.ids)}


@app.post("/embed")
async def embed(req: FeatureRequest):
    arr = STATE["table"].gather(req.ids)
    t = torch.from_numpy(arr).pin_memory()
    emb = t.to("cuda", non_blocking=True).mean(0)
    return {"embedding": emb.cpu().tolist()}


@app.post("/embed_warm")
async def embed_warm(req: FeatureRequest):
    n = len(req.ids)
    warm = STATE["warm"]
    warm[:n].copy_(torch.from_numpy(STATE["table"].gather(req.ids)))
    return {"embedding": warm[:n].to("cuda", non_blocking=True).mean(0).cpu().tolist()}
