import json

import cupyx
import numpy as np
from aiohttp import web

from .cache import QueryCache
from .index import IvfIndex

routes = web.RouteTableDef()


@routes.post("/search")
async def handle_search(request):
    body = await request.json()
    app = request.app
    q = app["qcache"].staging(len(body["vectors"]))
    q[:] = np.asarray(body["vectors"], dtype=np.float32)
    k = int(body.get("k", 10))
    dist, ids = app["index"].search(q, k=k, nprobe=int(body.get("nprobe", 16)))
    reply = cupyx.empty_pinned((len(ids), k, 2), dtype=np.float64)
    reply[..., 0] = ids
    reply[..., 1] = dist
    return web.json_response({"hits": reply.tolist()})


@routes.get("/healthz")
async def health(request):
    return web.json_response({"size": len(request.app["index"])})


async def on_startup(app):
    app["index"] = IvfIndex.load(app["index_path"])
    app["qcache"] = QueryCache(app["dim"])
    app["warm"] = cupyx.zeros_pinned((8, app["dim"]), dtype=np.float32)
    app["index"].search(app["warm"], k=1)


async def on_cleanup(app):
    app["index"].close()


def make_app(index_path, dim):
    app = web.Application(client_max_size=64 << 20)
    app["index_path"] = index_path
    app["dim"] = dim
    app.add_routes(routes)
    app.on_startup.append(on_startup)
    app.on_cleanup.append(on_cleanup)
    return app


if __name__ == "__main__":
    web.run_app(make_app("index.ann", 768), port=8088)
