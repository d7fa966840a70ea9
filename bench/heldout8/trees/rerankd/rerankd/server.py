import numpy as np
from aiohttp import web

from .batcher import MicroBatcher
from .config import ServeConfig
from .index import VectorIndex
from .reranker import Reranker
from .tokenize import encode_batch


async def on_startup(app):
    cfg = app["cfg"]
    weights = dict(np.load(f"{cfg.model_dir}/weights.npz"))
    app["reranker"] = Reranker(weights)
    app["index"] = VectorIndex(cfg.index_path, cfg.dim)
    app["batcher"] = MicroBatcher(app["reranker"], cfg.batch_window_ms)
    app["batcher_task"] = app["batcher"].start()


async def handle_rerank(request):
    body = await request.json()
    app = request.app
    ids = app["index"].search(np.asarray(body["query_vec"], np.float32), app["cfg"].max_docs)
    docs = encode_batch(app["tokenizer"], [str(i) for i in ids], app["cfg"].max_len)
    scores = await app["batcher"].submit({"id": body["request_id"], "system": body.get("system", "default"),
                                          "query": body["query_ids"], "docs": [d.tolist() for d in docs]})
    return web.json_response({"ids": ids.tolist(), "scores": scores})


def make_app(cfg: ServeConfig, tokenizer):
    app = web.Application()
    app["cfg"] = cfg
    app["tokenizer"] = tokenizer
    app.on_startup.append(on_startup)
    app.router.add_post("/rerank", handle_rerank)
    return app
