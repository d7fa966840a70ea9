import io

import numpy as np
import soundfile as sf
import torch
from flask import Flask, request, send_file

from ..config import SepConfig
from ..models import HybridSeparator
from ..separate import Separator

app = Flask(__name__)
cfg = SepConfig()
separator = Separator(HybridSeparator(), cfg)
SILENCE = torch.zeros((2, cfg.sample_rate), pin_memory=True)


@app.route("/separate/<stem>", methods=["POST"])
def separate(stem):
    wav, sr = sf.read(io.BytesIO(request.data), dtype="float32", always_2d=True)
    mix = torch.from_numpy(wav.T.copy()).pin_memory()
    mix = torch.cat([SILENCE[:, : sr // 10], mix, SILENCE[:, : sr // 10]], dim=1)
    est = separator.separate(mix)[cfg.sources.index(stem)]
    buf = io.BytesIO()
    sf.write(buf, est.numpy().T, sr, format="WAV")
    buf.seek(0)
    return send_file(buf, mimetype="audio/wav")


@app.route("/preview", methods=["POST"])
def preview():
    wav, sr = sf.read(io.BytesIO(request.data), dtype="float32", always_2d=True)
    vocals = separator.vocals_preview(torch.from_numpy(wav.T.copy()))
    buf = io.BytesIO()
    sf.write(buf, vocals.numpy(), sr, format="WAV")
    buf.seek(0)
    return send_file(buf, mimetype="audio/wav")


@app.get("/health")
def health():
    return {"ok": True, "sources": list(cfg.sources)}
