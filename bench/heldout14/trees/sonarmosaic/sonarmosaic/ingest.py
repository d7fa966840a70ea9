from __future__ import annotations

import numpy as np
import torch
from aiohttp import WSMsgType, web

from . import _core


async def on_startup(app: web.Application):
    app["wf"] = _core.Waterfall(1024, 4096)
    app["preview"] = torch.zeros((256, 1024), pin_memory=True)


async def pings(request: web.Request):
    ws = web.WebSocketResponse()
    await ws.prepare(request)
    wf = request.app["wf"]
    async for msg in ws:
        if msg.type == WSMsgType.BINARY:
            ping = np.frombuffer(msg.data, dtype=np.float32).copy()
            wf.push_ping(ping)
    return ws


async def snapshot(request: web.Request):
    rows = int(request.query.get("rows", 256))
    snap = torch.empty((rows, 1024), pin_memory=True)
    snap.copy_(request.app["preview"][:rows])
    return web.Response(body=snap.numpy().tobytes(), content_type="application/octet-stream")


def make_app():
    app = web.Application()
    app.on_startup.append(on_startup)
    app.add_routes([web.get("/pings", pings), web.get("/snapshot", snapshot)])
    return app
