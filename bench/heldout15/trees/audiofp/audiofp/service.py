from __future__ import annotations

import io
import os

import numpy as np
import soundfile as sf
from flask import Flask, jsonify, request

from .config import load_config
from .query import QueryEngine

app = Flask(__name__)
_engine: QueryEngine | None = None


def get_engine() -> QueryEngine:
    global _engine
    if _engine is None:
        _engine = QueryEngine(load_config(os.environ.get("AUDIOFP_CONFIG", "configs/index.yaml")))
    return _engine


def _decode(data: bytes, sr: int) -> np.ndarray:
    audio, file_sr = sf.read(io.BytesIO(data), dtype="float32", always_2d=True)
    audio = audio.mean(axis=1)
    if file_sr != sr:
        idx = np.arange(0, len(audio), file_sr / sr)
        audio = np.interp(idx, np.arange(len(audio)), audio).astype(np.float32)
    return audio


@app.post("/match")
def match():
    eng = get_engine()
    return jsonify(eng.match(_decode(request.get_data(), eng.cfg.sample_rate)))


@app.post("/match/batch")
def match_batch():
    eng = get_engine()
    files = request.files.getlist("clips")
    clips = [_decode(f.read(), eng.cfg.sample_rate) for f in files]
    return jsonify(eng.match_many(clips))


@app.get("/healthz")
def healthz():
    return {"ok": True, "tracks": len(get_engine().titles)}
