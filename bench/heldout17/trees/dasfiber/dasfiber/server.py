"""Live waterfall over a websocket."""
from __future__ import annotations

import asyncio

import cupyx
import numpy as np
from aiohttp import web


async def on_startup(app: web.Application) -> None:
    cfg = app["cfg"]
    app["preview"] = cupyx.zeros_pinned((cfg.n_channels // 8, 256), dtype=np.uint8)
    app["clients"] = set()


async def waterfall(request: web.Request) -> web.WebSocketResponse:
    ws = web.WebSocketResponse()
    await ws.prepare(request)
    request.app["clients"].add(ws)
    try:
        async for _ in ws:
            pass
    finally:
        request.app["clients"].discard(ws)
    return ws


async def broadcast(app: web.Application, filt: np.ndarray) -> None:
    prev = app["preview"]
    img = np.abs(filt[:: 8, -256:])
    prev[...] = np.clip(255 * img / (img.max() + 1e-9), 0, 255).astype(np.uint8)
    await asyncio.gather(*(ws.send_bytes(prev.tobytes()) for ws in app["clients"]))


def make_app(cfg) -> web.Application:
    app = web.Application()
    app["cfg"] = cfg
    app.on_startup.append(on_startup)
    app.router.add_get("/ws", waterfall)
    return app
