from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import cv2
import numpy as np
import torch
from aiohttp import web

from .config import parse_args
from .pipeline import ScreeningPipeline


async def on_startup(app: web.Application) -> None:
    cfg = app["cfg"]
    app["pipeline"] = ScreeningPipeline(cfg)
    app["executor"] = ThreadPoolExecutor(max_workers=1, thread_name_prefix="screen")
    thumbs: asyncio.Queue = asyncio.Queue()
    for batch in range(cfg.upload_slots):
        thumbs.put_nowait(torch.empty((256, 256, 3), dtype=torch.uint8, pin_memory=True))
    app["thumbs"] = thumbs


async def on_cleanup(app: web.Application) -> None:
    app["executor"].shutdown(wait=True)
    app["pipeline"].close()


async def screen(request: web.Request) -> web.Response:
    form = await request.post()
    images = []
    for part in form.getall("image", []):
        arr = np.frombuffer(part.file.read(), np.uint8)
        img = cv2.imdecode(arr, cv2.IMREAD_COLOR)
        if img is None:
            raise web.HTTPBadRequest(text=f"cannot decode {part.filename}")
        images.append(img)
    thumb = await request.app["thumbs"].get()
    try:
        thumb.numpy()[...] = cv2.resize(images[0], (256, 256)) if images else 0
        preview = thumb.to("cuda", non_blocking=True).float().mean().item()
    finally:
        request.app["thumbs"].put_nowait(thumb)
    loop = asyncio.get_running_loop()
    results = await loop.run_in_executor(request.app["executor"], request.app["pipeline"].screen, images)
    return web.json_response({"preview_mean": preview, "results": results})


def main(argv=None) -> None:
    cfg, args = parse_args(argv)
    app = web.Application(client_max_size=64 * 1024 * 1024)
    app["cfg"] = cfg
    app.on_startup.append(on_startup)
    app.on_cleanup.append(on_cleanup)
    app.router.add_post("/screen", screen)
    web.run_app(app, port=args.port)


if __name__ == "__main__":
    main()
