"""FastAPI front end: /score and /compare, batched onto Ray reward actors."""
from __future__ import annotations

import ray
import torch
from fastapi import FastAPI
from pydantic import BaseModel

from rmscore import _tokenize_ext
from rmscore.actors import RewardActor
from rmscore.batcher import DynamicBatcher
from rmscore.calibration import calibrate
from rmscore.category_bias import category_bias
from rmscore.config import ScoreConfig

cfg = ScoreConfig()
app = FastAPI(title="rmscore")
state: dict = {}


class ScoreRequest(BaseModel):
    prompt: str
    response: str
    category: int = 0
    calibrated: bool = False


class CompareRequest(BaseModel):
    prompt: str
    chosen: str
    rejected: str


def build_features(texts: list[str]) -> tuple[torch.Tensor, torch.Tensor]:
    ids, lens = _tokenize_ext.encode_batch(texts, cfg.max_len, 0)
    return ids, lens


@app.on_event("startup")
async def startup() -> None:
    ray.init(address="auto", ignore_reinit_error=True)
    if not _tokenize_ext.load_vocab_blob(cfg.vocab_blob):
        raise RuntimeError(f"cannot load {cfg.vocab_blob}")
    actors = [RewardActor.remote(cfg) for _ in range(cfg.n_actors)]
    state["actors"] = actors
    state["batcher"] = DynamicBatcher(actors, cfg)
    state["batcher"].start()


@app.post("/score")
async def score(req: ScoreRequest) -> dict:
    ids, lens = build_features([req.prompt + req.response])
    reward = await state["batcher"].submit(ids[0], int(lens[0]), req.category)
    reward -= float(category_bias(cfg.model, cfg.revision)[req.category])
    if req.calibrated:
        reward = calibrate([reward], str(req.category))[0]
    return {"reward": reward}


@app.post("/compare")
async def compare(req: CompareRequest) -> dict:
    ids, lens = build_features([req.prompt + req.chosen, req.prompt + req.rejected])
    t = int(lens.max())
    actor = state["actors"][hash(req.prompt) % len(state["actors"])]
    p = await actor.score_pairs.remote(ids[:1, :t], ids[1:, :t], [int(lens[0])])
    return {"p_chosen": p[0]}
