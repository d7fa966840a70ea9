"""Flask API serving periodograms of individual targets."""
from __future__ import annotations

import cupy
import cupyx
import numpy as np
from flask import Flask, abort, jsonify, request

from .bls import BLSSearch
from .lightcurve import detrend, load_lightcurve

app = Flask(__name__)
_STATE: dict = {}


def create_app(cfg: dict) -> Flask:
    s = cfg["search"]
    _STATE["bls"] = BLSSearch(s["period_min_days"], s["period_max_days"], 20000, s["durations_hours"])
    _STATE["plot_buf"] = cupyx.zeros_pinned((4096,), dtype=np.float32)
    return app


@app.get("/targets/<int:tic>/periodogram")
def periodogram(tic: int):
    sector = request.args.get("sector", type=int)
    if sector is None:
        abort(400, "sector is required")
    bls = _STATE["bls"]
    power = bls.power(detrend(load_lightcurve(tic, sector)))
    smooth = cupy.convolve(cupy.asarray(power), cupy.ones(9, dtype=cupy.float32) / 9, mode="same")
    host = cupyx.empty_pinned(smooth.shape, dtype=np.float32)
    smooth.get(out=host)
    k = int(np.argmax(host))
    thumb = _STATE["plot_buf"]
    step = max(host.size // thumb.size, 1)
    thumb[: host[::step].size] = host[::step][: thumb.size]
    return jsonify(tic=tic, sector=sector, best_period=float(bls.periods[k]), thumb=thumb.tolist())
