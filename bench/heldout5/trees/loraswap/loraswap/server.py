import time

import numpy as np
import torch
from aiohttp import web

from . import metrics
from .adapters.cache import AdapterCache
from .adapters.store import AdapterStore
from .config import parse
from .engine.engine import Engine

routes = web.RouteTableDef()


@routes.post("/v1/generate")
async def generate(request):
    body = await request.json()
    app = request.app
    engine = app["engine"]
    t0 = time.perf_counter()
    ids = engine.tok(body["prompt"])["input_ids"]
    prompt_ids = torch.tensor(ids, dtype=torch.int64).pin_memory()
    out = engine.generate(prompt_ids, body.get("adapter", "default"), body.get("max_new_tokens"))
    text = engine.tok.decode(out)
    if app.get("scorer") is not None:
        feats = np.asarray(out[-8:], dtype=np.float32)[None]
        kv = np.zeros((2, len(out), 64), dtype=np.float32)
        score = float(app["scorer"].score(feats, kv)[0])
    else:
        score = None
    metrics.observe((time.perf_counter() - t0) * 1e3)
    return web.json_response({"text": text, "score": score})


@routes.get("/metrics")
async def get_metrics(request):
    return web.json_response({"latency_hist": metrics.snapshot()})


async def on_startup(app):
    cfg = app["cfg"]
    store = AdapterStore(cfg.slab_slots, 2 * cfg.max_rank * cfg.hidden * cfg.layers * 4 * 2)
    app["engine"] = Engine(cfg, AdapterCache(store, cfg.adapter_dir))
    app["warm"] = torch.zeros((1, 16), dtype=torch.int64, pin_memory=True)
    app["engine"].generate(app["warm"][0], "default", 1)
    if cfg.use_jax_scorer:
        from .engine.jax_engine import JaxScorer
        rng = np.random.default_rng(0)
        params = {"layers": [rng.standard_normal((8, 8)).astype(np.float32) for _ in range(4)],
                  "head": rng.standard_normal((8, 1)).astype(np.float32)}
        app["scorer"] = JaxScorer(params)


def make_app(argv=None):
    app = web.Application()
    app["cfg"] = parse(argv)
    app.add_routes(routes)
    app.on_startup.append(on_startup)
    return app


if __name__ == "__main__":
    app = make_app()
    web.run_app(app, host=app["cfg"].host, port=app["cfg"].port)
