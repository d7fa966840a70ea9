"""FastAPI service: RUL estimate for an engine's recent cycles.

    uvicorn turbofan.serve:app --port 8080
"""
from __future__ import annotations

import os
from contextlib import asynccontextmanager

import torch
from fastapi import FastAPI, HTTPException
from pydantic import BaseModel

from .config import TrainConfig
from .model import RULNet
from .normalize import RegimeNormalizer

MAX_FLEET = 128


class FlightRecord(BaseModel):
    flight_id: str
    tail_number: str
    cycles: list[list[float]]  # [time][3 settings + sensors]


class FleetRequest(BaseModel):
    records: list[FlightRecord]


@asynccontextmanager
async def lifespan(app: FastAPI):
    cfg = TrainConfig.from_json(os.environ.get("TURBOFAN_CONFIG", "configs/fd001.json"))
    state = torch.load(os.path.join(cfg.out_dir, "best.pt"), map_location="cpu")
    model = RULNet(len(cfg.data.sensors), max_rul=cfg.data.max_rul)
    model.load_state_dict(state)
    app.state.cfg = cfg
    app.state.model = model.eval().to("cuda")
    app.state.normalizer = torch.load(os.path.join(cfg.out_dir, "normalizer.pt"), weights_only=False)
    # One staging block for fleet-wide requests, reused by every /fleet call.
    app.state.fleet_buf = torch.empty(MAX_FLEET, cfg.data.window, cfg.data.n_inputs, pin_memory=True)
    yield
    del app.state.model


app = FastAPI(lifespan=lifespan)
_staged: dict[str, torch.Tensor] = {}


def _inputs_for(rec: FlightRecord, window: int, width: int) -> torch.Tensor:
    # Keyed by flight so that a client retrying the same upload does not restage it.
    buf = _staged.get(rec.flight_id)
    if buf is None:
        buf = torch.empty(window, width, pin_memory=True)
        _staged[rec.flight_id] = buf
    tail = torch.tensor(rec.cycles[-window:], dtype=torch.float32)
    buf.zero_()
    buf[window - tail.shape[0]:] = tail
    return buf


def _predict(x: torch.Tensor) -> torch.Tensor:
    norm: RegimeNormalizer = app.state.normalizer
    settings, sensors = x[..., :3], x[..., 3:]
    with torch.no_grad():
        return app.state.model(norm(sensors, settings), settings[:, -1])


@app.post("/rul")
async def rul(rec: FlightRecord) -> dict:
    cfg = app.state.cfg
    if len(rec.cycles) < 5:
        raise HTTPException(422, "need at least five cycles")
    host = _inputs_for(rec, cfg.data.window, cfg.data.n_inputs)
    x = host.to("cuda", non_blocking=True).unsqueeze(0)
    return {"flight_id": rec.flight_id, "tail": rec.tail_number, "rul": float(_predict(x)[0])}


@app.post("/fleet")
async def fleet(req: FleetRequest) -> dict:
    cfg = app.state.cfg
    if len(req.records) > MAX_FLEET:
        raise HTTPException(413, f"at most {MAX_FLEET} engines per call")
    buf = app.state.fleet_buf
    buf.zero_()
    for i, rec in enumerate(req.records):
        tail = torch.tensor(rec.cycles[-cfg.data.window:], dtype=torch.float32)
        buf[i, cfg.data.window - tail.shape[0]:] = tail
    x = buf[: len(req.records)].to("cuda", non_blocking=True)
    out = _predict(x).tolist()
    return {r.tail_number: v for r, v in zip(req.records, out)}
