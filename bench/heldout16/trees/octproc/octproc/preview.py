"""Live preview over a websocket: the client asks for the latest B-scan with a colormap and a
display window; every request is answered with one PNG."""
from __future__ import annotations

import functools
import json

import cv2
import numpy as np
from aiohttp import web
from numba import cuda

routes = web.RouteTableDef()

_COLORMAPS = {"gray": cv2.COLORMAP_BONE, "hot": cv2.COLORMAP_HOT, "inferno": cv2.COLORMAP_INFERNO}


@functools.lru_cache(maxsize=8)
def colormap_lut(name: str) -> np.ndarray:
    lut = cuda.pinned_array((256, 3), dtype=np.uint8)
    lut[:] = cv2.applyColorMap(np.arange(256, dtype=np.uint8)[:, None], _COLORMAPS[name])[:, 0]
    return lut


@cuda.jit
def _window_lut(img, lo, hi, lut, rgb):
    y, x = cuda.grid(2)
    if y >= img.shape[0] or x >= img.shape[1]:
        return
    v = (img[y, x] - lo) / (hi - lo)
    i = min(255, max(0, int(v * 255.0)))
    for c in range(3):
        rgb[y, x, c] = lut[i, c]


def render(img: np.ndarray, cmap: str, lo: float, hi: float) -> bytes:
    lut = colormap_lut(cmap)
    rgb = cuda.pinned_array(img.shape + (3,), dtype=np.uint8)
    d_img = cuda.to_device(np.ascontiguousarray(img))
    grid = ((img.shape[0] + 15) // 16, (img.shape[1] + 15) // 16)
    _window_lut[grid, (16, 16)](d_img, lo, hi, cuda.to_device(lut), rgb)
    cuda.synchronize()
    ok, png = cv2.imencode(".png", rgb[..., ::-1])
    return png.tobytes()


@routes.get("/ws")
async def preview_ws(request: web.Request) -> web.WebSocketResponse:
    ws = web.WebSocketResponse(max_msg_size=1 << 16)
    await ws.prepare(request)
    pipe = request.app["pipeline"]
    async for msg in ws:
        req = json.loads(msg.data)
        img = pipe.latest()
        if img is None:
            await ws.send_json({"status": "waiting"})
            continue
        png = render(img, req.get("cmap", "gray"), float(req.get("lo", 0.0)), float(req.get("hi", 12.0)))
        await ws.send_bytes(png)
    return ws
