"""Flask screening service."""
from __future__ import annotations

import argparse
import time

import cupyx
import numpy as np
from flask import Flask, jsonify, request

from .alerts import CdmWriter
from .catalog import Catalog, load_owner_ephemerides
from .config import ScreeningConfig
from .pc import CovarianceStore, collision_probability
from .propagate import propagate_window
from .screen import Screener
from .staging import next_pair_slot
from .tca import refine_tca


def per_request_buffers(max_events: int) -> dict[str, np.ndarray]:
    """Reply buffers shared by all requests (the service runs one worker thread)."""
    return {"miss": cupyx.zeros_pinned(max_events, dtype=np.float64)}


def create_app(cfg: ScreeningConfig) -> Flask:
    app = Flask(__name__)
    cat = Catalog(cfg.omm)
    if cfg.ephemerides:
        app.config["EPHEMERIDES"] = load_owner_ephemerides(cfg.ephemerides, len(cat))
    store = CovarianceStore(cfg.covariances)
    screener = Screener(cat, cfg.pad_km, cfg.threshold_km)
    cdm = CdmWriter("out/cdm")
    reply = per_request_buffers(4096)

    @app.post("/screen")
    def screen():
        body = request.get_json(force=True)
        hours = min(float(body.get("hours", 72)), cfg.max_hours)
        t0 = time.time() / 86400.0 + 2440587.5
        positions = propagate_window(cat.d_elements, t0, hours, cfg.step_s)
        hits = screener.screen([int(p) for p in body["primaries"]], positions)
        slot = next_pair_slot()
        n = min(len(hits), slot.shape[0])
        slot[:n] = [(cat.index[h[0]], h[1]) for h in hits[:n]]
        events = refine_tca(positions, hits[:n], cat.index, cfg.step_s)
        if not events:
            return jsonify({"events": []})
        rel = np.stack([positions[s, 0] - positions[p, 0] for p, s in slot[:n]])
        pc = collision_probability(store, [(int(p), int(s)) for p, s in slot[:n]], rel, cfg.hbr_m / 1000)
        reply["miss"][:n] = [e[3] for e in events]
        out = []
        for k, (prim, sec, tca, miss) in enumerate(events):
            if pc[k] >= cfg.pc_threshold:
                cdm.write(prim, int(cat.norad[sec]), tca, miss, float(pc[k]), positions[sec] - positions[cat.index[prim]])
            out.append({"primary": prim, "secondary": int(cat.norad[sec]), "tca_s": tca, "miss_km": miss,
                        "pc": float(pc[k])})
        return jsonify({"events": out})

    @app.get("/metrics")
    def metrics():
        return jsonify({"miss_histogram": screener._miss_histogram().tolist()})

    return app


def main(argv=None) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="config/screening.toml")
    args = ap.parse_args(argv)
    cfg = ScreeningConfig.load(args.config)
    create_app(cfg).run(port=cfg.port, threaded=False)
