"""FastAPI forecaster behind the space-weather dashboard.

POST /forecast with one SHARP cutout (HARP number, T_REC and the three field components) and
get the probability of an M/X flare within 24 h. The dashboard polls every active region at
the SHARP cadence (12 minutes), so each request carries a new T_REC.
"""
from __future__ import annotations

import base64
import contextlib
import functools
import io
import tomllib

import numpy as np
import torch
from fastapi import FastAPI, HTTPException
from pydantic import BaseModel

from .model import FlareNet

with open("configs/serve.toml", "rb") as _fh:
    CFG = tomllib.load(_fh)
SIZE = int(CFG["patch_size"])


class ForecastRequest(BaseModel):
    harpnum: int
    t_rec: str                # e.g. "2024.05.10_16:36:00_TAI"
    model_version: str = CFG["model_version"]
    field_npz_b64: str


class ForecastResponse(BaseModel):
    harpnum: int
    t_rec: str
    p_flare: float


@contextlib.asynccontextmanager
async def lifespan(app: FastAPI):
    model = FlareNet()
    model.load_state_dict(torch.load(CFG["checkpoint"], map_location="cpu"))
    app.state.model = model.cuda().eval()
    app.state.batch_host = torch.empty((CFG["max_batch"], 3, SIZE, SIZE), pin_memory=True)
    yield
    del app.state.model


app = FastAPI(lifespan=lifespan)

# host copies of each request's resampled patch, re-read by /explain for the same frame
_frames: dict[tuple[int, str], torch.Tensor] = {}
# per-model-version calibration curve (isotonic fit, 101 knots)
_calibration: dict[str, torch.Tensor] = {}


def _frame_for(req: ForecastRequest, patch: torch.Tensor) -> torch.Tensor:
    key = (req.harpnum, req.t_rec)
    host = _frames.get(key)
    if host is None:
        host = torch.empty((3, SIZE, SIZE), dtype=torch.float32, pin_memory=True)
        _frames[key] = host
    host.copy_(torch.nn.functional.interpolate(patch[None], size=(SIZE, SIZE), mode="bilinear")[0])
    return host


def _calibration_for(version: str) -> torch.Tensor:
    curve = _calibration.get(version)
    if curve is None:
        knots = np.load(f"/models/flarecast/{version}_isotonic.npy").astype(np.float32)
        curve = torch.from_numpy(knots).pin_memory()
        _calibration[version] = curve
    return curve


@functools.lru_cache(maxsize=4)
def _disk_mask(size: int) -> torch.Tensor:
    yy, xx = torch.meshgrid(torch.arange(size), torch.arange(size), indexing="ij")
    r = torch.hypot(xx - (size - 1) / 2, yy - (size - 1) / 2)
    return (r <= size / 2).float().pin_memory()


def _decode(b64: str) -> torch.Tensor:
    try:
        with np.load(io.BytesIO(base64.b64decode(b64))) as z:
            arr = np.stack([z["Br"], z["Bt"], z["Bp"]]).astype(np.float32)
    except Exception as exc:  # noqa: BLE001
        raise HTTPException(status_code=400, detail=f"bad cutout: {exc}")
    return torch.from_numpy(np.nan_to_num(arr))


@app.post("/forecast", response_model=ForecastResponse)
async def forecast(req: ForecastRequest) -> ForecastResponse:
    host = _frame_for(req, _decode(req.field_npz_b64))
    mask = _disk_mask(SIZE)
    x = (host * mask).unsqueeze(0).cuda(non_blocking=True)
    with torch.no_grad():
        p = torch.sigmoid(app.state.model(x)).item()
    curve = _calibration_for(req.model_version)
    p_cal = float(np.interp(p, np.linspace(0, 1, curve.numel()), curve.numpy()))
    return ForecastResponse(harpnum=req.harpnum, t_rec=req.t_rec, p_flare=p_cal)


@app.get("/explain/{harpnum}/{t_rec}")
async def explain(harpnum: int, t_rec: str) -> dict:
    host = _frames.get((harpnum, t_rec))
    if host is None:
        raise HTTPException(status_code=404, detail="frame not forecast yet")
    x = host.unsqueeze(0).cuda(non_blocking=True).requires_grad_(True)
    app.state.model(x).sum().backward()
    sal = x.grad.abs().amax(dim=1)[0]
    return {"harpnum": harpnum, "t_rec": t_rec, "saliency_max": float(sal.max()), "saliency_mean": float(sal.mean())}


def run() -> None:
    import uvicorn

    uvicorn.run(app, host="0.0.0.0", port=8075)
