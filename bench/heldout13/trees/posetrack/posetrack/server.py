"""aiohttp service: live skeletons over a websocket, replay of recorded sessions."""
from __future__ import annotations

import asyncio
import json

import numpy as np
import torch
from aiohttp import web


async def on_startup(app: web.Application) -> None:
    app["frame_idx_pool"] = torch.zeros(4096, dtype=torch.int64).pin_memory()
    app["latest"] = None
    app["clients"] = set()


async def replay(request: web.Request) -> web.Response:
    session = request.match_info["session"]
    body = await request.read()
    idx = torch.from_numpy(np.frombuffer(body, dtype=np.int64).copy()).pin_memory()
    recording = np.load(f"/data/mocap/{session}.npy", mmap_mode="r")
    frames = torch.from_numpy(np.ascontiguousarray(recording[idx.numpy()]))
    return web.json_response({"session": session, "frames": frames.tolist()})


async def ws_skeletons(request: web.Request) -> web.WebSocketResponse:
    ws = web.WebSocketResponse(heartbeat=20)
    await ws.prepare(request)
    request.app["clients"].add(ws)
    try:
        async for _ in ws:
            pass
    finally:
        request.app["clients"].discard(ws)
    return ws


async def broadcast(app: web.Application, pts, t: float) -> None:
    msg = json.dumps({"t": t, "joints": [list(p) for p in pts]})
    await asyncio.gather(*(ws.send_str(msg) for ws in list(app["clients"])), return_exceptions=True)


def make_app() -> web.Application:
    app = web.Application()
    app.on_startup.append(on_startup)
    app.router.add_post("/replay/{session}", replay)
    app.router.add_get("/ws", ws_skeletons)
    return app
