from __future__ import annotations

import os

from flask import Flask, jsonify, request

from .scorer import Scorer


def create_app() -> Flask:
    app = Flask(__name__)
    scorer = Scorer(os.environ.get("OTS_INDEX", "hg38.ots"))

    @app.post("/score")
    def score():
        guides = request.get_json(force=True).get("guides", [])
        if not guides or any(len(g) < 20 for g in guides):
            return jsonify(error="need 20-nt guides"), 400
        return jsonify(hits=scorer.score(guides))

    return app
