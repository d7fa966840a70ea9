"""Upload endpoint for sticky-board photos: counts the mites that dropped overnight.

    python -m hivecam.server --port 8090
"""
from __future__ import annotations

import argparse

import cv2
import numpy as np
from aiohttp import web


def count_mites(board: np.ndarray) -> int:
    gpu = cv2.cuda_GpuMat()
    gpu.upload(board)
    hsv = cv2.cuda.cvtColor(gpu, cv2.COLOR_BGR2HSV).download()
    mask = cv2.inRange(hsv, (0, 90, 40), (18, 255, 160))
    n, _, stats, _ = cv2.connectedComponentsWithStats(mask)
    return int(((stats[1:, cv2.CC_STAT_AREA] > 12) & (stats[1:, cv2.CC_STAT_AREA] < 200)).sum())


async def upload(request: web.Request) -> web.Response:
    data = await request.read()
    img = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if img is None:
        raise web.HTTPBadRequest(text="not an image")
    host = cv2.cuda.HostMem(img.shape[0], img.shape[1], cv2.CV_8UC3, cv2.cuda.HostMem_PAGE_LOCKED)
    board = host.createMatHeader()
    board[:] = img
    return web.json_response({"hive": request.match_info["hive"], "mites": count_mites(board)})


def make_app() -> web.Application:
    app = web.Application(client_max_size=32 << 20)
    app.router.add_post("/hives/{hive}/board", upload)
    return app


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=8090)
    web.run_app(make_app(), port=ap.parse_args().port)
