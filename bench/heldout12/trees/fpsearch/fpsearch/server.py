from __future__ import annotations

import logging
import tempfile

import numpy as np
from flask import Flask, jsonify, request

from . import cluster, io, substructure
from .config import parse_args
from .engines import make_engine
from .library import FingerprintLibrary

app = Flask(__name__)
STATE: dict = {}
log = logging.getLogger("fpsearch")


def _hits_json(hits, ids):
    return [{"ids": [str(ids[i]) for i in idx], "scores": None if sc is None else sc.tolist()} for idx, sc in hits]


@app.post("/search")
def search():
    q = np.asarray(request.get_json()["fps"], dtype=np.uint64).reshape(-1, STATE["cfg"].words)
    hits = STATE["engine"].search(q, STATE["cfg"].top_k)
    return jsonify(_hits_json(hits, STATE["all_ids"]))


@app.post("/search_file")
def search_file():
    with tempfile.NamedTemporaryFile(suffix=".fps") as tmp:
        request.files["fps"].save(tmp.name)
        q = io.load_query_file(tmp.name, STATE["cfg"].words)
    hits = STATE["engine"].search(q, STATE["cfg"].top_k)
    return jsonify(_hits_json(hits, STATE["all_ids"]))


@app.post("/upload")
def upload():
    fps = np.asarray(request.get_json()["fps"], dtype=np.uint64).reshape(-1, STATE["cfg"].words)
    n = STATE["library"].add_compounds(fps)
    return jsonify({"staged": n})


@app.post("/substructure")
def substructure_search():
    try:
        hits = substructure.screen(STATE["library"], request.get_json()["pattern"])
    except ValueError as e:
        return jsonify({"error": str(e)}), 400
    return jsonify({"hits": [str(STATE["all_ids"][i]) for i in hits]})


@app.get("/clusters")
def clusters():
    leaders = cluster.cluster_library(STATE["library"], STATE["cfg"].cluster_threshold)
    return jsonify({"n_clusters": int(len(np.unique(leaders)))})


def main(argv=None):
    logging.basicConfig(level=logging.INFO)
    cfg = parse_args(argv)
    library = FingerprintLibrary(cfg)
    STATE.update(cfg=cfg, library=library, engine=make_engine(cfg.engine, library, cfg),
                 all_ids=np.concatenate(library.ids) if library.ids else np.zeros(0))
    if cfg.pains_file:
        alerts = np.load(cfg.pains_file)
        STATE["flagged"] = substructure.flag_alerts(library, alerts)
        log.info("%d compounds carry a structural alert", len(STATE["flagged"]))
    app.run(host=cfg.host, port=cfg.port, threaded=False)


if __name__ == "__main__":
    main()
