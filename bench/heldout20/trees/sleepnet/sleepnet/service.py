from __future__ import annotations

import asyncio
import os
from concurrent.futures import ThreadPoolExecutor

import torch
from aiohttp import web

from . import STAGES
from .model import SleepNet
from .scoring import Scorer

CHANNELS = ["EEG Fpz-Cz", "EEG Pz-Oz", "EOG horizontal"]


async def on_startup(app: web.Application) -> None:
    model = SleepNet(len(CHANNELS))
    model.load_state_dict(torch.load(os.environ.get("SLEEPNET_CKPT", "runs/student/best.pt"), map_location="cpu"))
    app["scorer"] = Scorer(model, CHANNELS)
    example = torch.zeros((1, len(CHANNELS), 11 * 3000), pin_memory=True)
    app["scorer"].warmup(example)
    app["pool"] = ThreadPoolExecutor(max_workers=2, thread_name_prefix="score")


async def on_cleanup(app: web.Application) -> None:
    app["pool"].shutdown(wait=False)


async def score(request: web.Request) -> web.Response:
    raw = await request.read()
    loop = asyncio.get_running_loop()
    try:
        stages = await loop.run_in_executor(request.app["pool"], request.app["scorer"].score, raw)
    except (ValueError, KeyError) as exc:
        raise web.HTTPBadRequest(text=f"bad EDF: {exc}") from exc
    return web.json_response({"stages": [STAGES[s] for s in stages]})


def make_app() -> web.Application:
    app = web.Application(client_max_size=512 << 20)
    app.on_startup.append(on_startup)
    app.on_cleanup.append(on_cleanup)
    app.router.add_post("/score", score)
    return app


if __name__ == "__main__":
    web.run_app(make_app(), port=int(os.environ.get("PORT", "8090")))
