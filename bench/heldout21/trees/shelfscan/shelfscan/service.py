from __future__ import annotations

import cv2
import numpy as np
from aiohttp import web

from .pipeline import ShelfPipeline

PREVIEW_SLOTS = 4


async def audit(request: web.Request) -> web.Response:
    body = await request.read()
    img = cv2.imdecode(np.frombuffer(body, np.uint8), cv2.IMREAD_COLOR)
    if img is None:
        raise web.HTTPBadRequest(text="not an image")
    mem = cv2.cuda.HostMem(img.shape[0], img.shape[1], cv2.CV_8UC3)
    staged = mem.createMatHeader()
    staged[...] = img
    d = cv2.cuda_GpuMat()
    d.upload(staged)
    small = cv2.cuda.resize(d, tuple(request.app["size"][::-1])).download()
    result = request.app["pipeline"].process(np.ascontiguousarray(small))
    return web.json_response(result)


async def on_startup(app: web.Application):
    import tomllib
    with open("configs/store.toml", "rb") as fh:
        cfg = tomllib.load(fh)
    app["size"] = cfg["frame_size"]
    app["pipeline"] = ShelfPipeline(cfg)
    app["previews"] = []
    for frame in range(PREVIEW_SLOTS):
        app["previews"].append(cv2.cuda.HostMem(270, 480, cv2.CV_8UC3))


def make_app() -> web.Application:
    app = web.Application(client_max_size=16 << 20)
    app.router.add_post("/audit", audit)
    app.on_startup.append(on_startup)
    return app


if __name__ == "__main__":
    web.run_app(make_app(), port=8090)
