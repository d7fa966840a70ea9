"""Operator tablet service: live preview, remote frames from the second boom, counters."""

from __future__ import annotations

import asyncio
import os

import cv2
import numpy as np
from aiohttp import web

from .config import load_config
from .pipeline import Pipeline
from .status import snapshot


async def on_startup(app: web.Application) -> None:
    cfg = load_config(os.environ.get("WEEDSPOT_CONFIG"))
    app["pipeline"] = Pipeline(cfg)
    h, w = cfg.height // 4, cfg.width // 4
    app["preview_slots"] = [cv2.cuda.HostMem(h, w, cv2.CV_8UC3) for slot in range(3)]
    app["preview_next"] = 0
    app["lock"] = asyncio.Lock()


async def on_cleanup(app: web.Application) -> None:
    app["pipeline"].finish()


async def preview(request: web.Request) -> web.Response:
    app = request.app
    frame = app["pipeline"].last_frame
    if frame is None:
        raise web.HTTPServiceUnavailable(text="no frame yet")
    slot = app["preview_slots"][app["preview_next"] % len(app["preview_slots"])]
    app["preview_next"] += 1
    view = slot.createMatHeader()
    cv2.resize(frame, (view.shape[1], view.shape[0]), dst=view, interpolation=cv2.INTER_AREA)
    ok, jpg = cv2.imencode(".jpg", view, [cv2.IMWRITE_JPEG_QUALITY, 70])
    return web.Response(body=jpg.tobytes(), content_type="image/jpeg")


async def remote_frame(request: web.Request) -> web.Response:
    data = await request.read()
    img = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if img is None:
        raise web.HTTPBadRequest(text="not an image")
    async with request.app["lock"]:
        loop = asyncio.get_running_loop()
        nozzles, tiles = await loop.run_in_executor(None, request.app["pipeline"].process, img)
    return web.json_response({"open": np.flatnonzero(nozzles).tolist(), "tiles": len(tiles)})


async def counters(request: web.Request) -> web.Response:
    return web.json_response(snapshot())


def make_app() -> web.Application:
    app = web.Application(client_max_size=16 << 20)
    app.on_startup.append(on_startup)
    app.on_cleanup.append(on_cleanup)
    app.router.add_get("/preview.jpg", preview)
    app.router.add_post("/frame", remote_frame)
    app.router.add_get("/counters", counters)
    return app


if __name__ == "__main__":
    web.run_app(make_app(), port=8710)
