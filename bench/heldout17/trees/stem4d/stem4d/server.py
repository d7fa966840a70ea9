"""Interactive virtual-detector service for the microscope UI."""
from __future__ import annotations

from contextlib import asynccontextmanager

import cupyx
import numpy as np
from fastapi import FastAPI
from pydantic import BaseModel

from .reader import DetectorFile
from .virtual import VirtualImager

STATE: dict = {}


@asynccontextmanager
async def lifespan(app: FastAPI):
    STATE["scan"] = DetectorFile(app.state.scan_path)
    STATE["dark"] = cupyx.zeros_pinned((STATE["scan"].qy, STATE["scan"].qx), dtype=np.float32)
    yield
    STATE["scan"].close()


app = FastAPI(lifespan=lifespan)


class VirtualRequest(BaseModel):
    row: int
    bf_radius: float = 12.0
    adf_inner: float = 40.0
    adf_outer: float = 110.0


@app.post("/virtual")
def virtual(req: VirtualRequest):
    scan = STATE["scan"]
    imager = VirtualImager(scan.qx, req.bf_radius, req.adf_inner, req.adf_outer)
    frames = scan.read_row(req.row).astype(np.float32) - STATE["dark"]
    bf, adf = imager.row(frames)
    return {"bf": bf.tolist(), "adf": adf.tolist()}
