"""A small Flask service that classifies uploaded read sets."""
from __future__ import annotations

import cupyx
import numpy as np
from flask import Flask, jsonify, request

from .classifier import Classifier
from .config import ClassifyConfig


def create_app(cfg: ClassifyConfig | None = None) -> Flask:
    app = Flask(__name__)
    app.config["CLASSIFIER"] = Classifier(cfg or ClassifyConfig())

    @app.post("/classify")
    def classify():
        clf: Classifier = app.config["CLASSIFIER"]
        lines = request.get_data().split(b"\n")
        reads = [l.strip() for l in lines[1::4]]
        offsets = np.zeros(len(reads) + 1, dtype=np.uint32)
        np.cumsum([len(r) for r in reads], out=offsets[1:])
        packed = cupyx.empty_pinned((int(offsets[-1]),), dtype=np.uint8)
        packed[:] = np.frombuffer(b"".join(reads), dtype=np.uint8)
        taxa = clf.classify_batch(packed.tobytes(), offsets)
        ids, n = np.unique(taxa, return_counts=True)
        return jsonify({str(int(t)): int(c) for t, c in zip(ids, n)})

    return app
