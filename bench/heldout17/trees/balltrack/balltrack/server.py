"""Line-call review service used by the chair umpire's tablet."""
from __future__ import annotations

import cv2
import numpy as np
from aiohttp import web

from .rally import RallyFit


async def on_startup(app: web.Application) -> None:
    app["thumb"] = cv2.cuda.HostMem(270, 480, cv2.CV_8UC3)


async def line_call(request: web.Request) -> web.Response:
    body = await request.json()
    track = np.asarray(body["track"], dtype=np.float64)
    fit = RallyFit(track)
    verdict = fit.call(float(body["line_x"]))
    x, y = fit.bounce()
    return web.json_response({"call": verdict, "bounce": [x, y]})


def make_app() -> web.Application:
    app = web.Application()
    app.on_startup.append(on_startup)
    app.router.add_post("/line-call", line_call)
    return app
