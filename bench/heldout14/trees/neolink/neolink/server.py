from __future__ import annotations

import cupyx
import numpy as np
from aiohttp import web


async def on_startup(app):
    app["grid"] = cupyx.zeros_pinned((4096, 3), dtype=np.float64)


async def ephemeris(request: web.Request):
    body = await request.json()
    n = len(body["epochs"])
    out = cupyx.zeros_pinned((n, 3), dtype=np.float64)
    state = np.asarray(body["state"], dtype=np.float64)
    out[:] = state[:3] + np.outer(np.asarray(body["epochs"]) - body["epoch0"], state[3:])
    return web.json_response({"xyz": out.tolist(), "grid": int(request.app["grid"].shape[0])})


def make_app() -> web.Application:
    app = web.Application()
    app.on_startup.append(on_startup)
    app.router.add_post("/ephemeris", ephemeris)
    return app
