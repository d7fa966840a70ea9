from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import torch
from aiohttp import web

PREVIEW_SLOTS = 8


def _prepare_clip(clip: np.ndarray) -> torch.Tensor:
    t = torch.from_numpy(clip.astype(np.float32)).pin_memory()
    return t.to("cuda", non_blocking=True)


async def classify(request: web.Request) -> web.Response:
    body = await request.read()
    clip = np.frombuffer(body, dtype=np.float16).reshape(-1, 75, 3)
    loop = asyncio.get_running_loop()
    x = await loop.run_in_executor(request.app["pool"], _prepare_clip, clip)
    with torch.no_grad():
        logits = request.app["model"](x.reshape(1, x.shape[0], -1))
    return web.json_response({"gloss": int(logits.argmax())})


async def on_startup(app: web.Application):
    app["pool"] = ThreadPoolExecutor(max_workers=4)
    app["model"] = torch.jit.load("checkpoints/signpose.ts").cuda().eval()
    app["slots"] = []
    for frame in range(PREVIEW_SLOTS):
        app["slots"].append(torch.empty(64, 75, 3, pin_memory=True))


async def on_cleanup(app: web.Application):
    app["pool"].shutdown()


def make_app() -> web.Application:
    app = web.Application(client_max_size=8 << 20)
    app.router.add_post("/classify", classify)
    app.on_startup.append(on_startup)
    app.on_cleanup.append(on_cleanup)
    return app


if __name__ == "__main__":
    web.run_app(make_app(), port=8081)
