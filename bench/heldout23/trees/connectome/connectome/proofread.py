"""Proofreading service: the viewer posts a corrected crop, we re-run the membrane model on it
and return the refreshed segment boundary."""
from __future__ import annotations

import cv2
import numpy as np
from aiohttp import web

MAX_SIDE = 4096


async def on_startup(app: web.Application) -> None:
    app["scratch"] = cv2.cuda.HostMem(MAX_SIDE, MAX_SIDE, cv2.CV_8UC1)
    app["stream"] = cv2.cuda.Stream()


async def segment(request: web.Request) -> web.Response:
    body = await request.read()
    img = cv2.imdecode(np.frombuffer(body, np.uint8), cv2.IMREAD_GRAYSCALE)
    if img is None or max(img.shape) > MAX_SIDE:
        raise web.HTTPBadRequest(text="expected a grayscale PNG up to 4096 px")
    staged = cv2.cuda.HostMem(img.shape[0], img.shape[1], cv2.CV_8UC1)
    view = staged.createMatHeader()
    view[...] = img
    gpu = cv2.cuda_GpuMat()
    gpu.upload(view, stream=request.app["stream"])
    blurred = cv2.cuda.createGaussianFilter(cv2.CV_8UC1, cv2.CV_8UC1, (5, 5), 1.2).apply(gpu, stream=request.app["stream"])
    _, mask = cv2.cuda.threshold(blurred, 128, 255, cv2.THRESH_BINARY, stream=request.app["stream"])
    out = request.app["scratch"].createMatHeader()[: img.shape[0], : img.shape[1]]
    mask.download(stream=request.app["stream"], dst=out)
    request.app["stream"].waitForCompletion()
    ok, png = cv2.imencode(".png", out)
    return web.Response(body=png.tobytes(), content_type="image/png")


def make_app() -> web.Application:
    app = web.Application(client_max_size=64 * 1024 * 1024)
    app.on_startup.append(on_startup)
    app.router.add_post("/segment", segment)
    return app


if __name__ == "__main__":
    web.run_app(make_app(), port=8088)
