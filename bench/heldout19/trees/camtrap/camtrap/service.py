from __future__ import annotations

import asyncio
import io
import json
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import torch
from aiohttp import web
from PIL import Image

from .config import ALConfig
from .exif_stage import ingest_site_table, stage_burst
from .model import SpeciesClassifier


def _decode(data: bytes, size: int = 224) -> np.ndarray:
    img = Image.open(io.BytesIO(data)).convert("RGB").resize((size, size), Image.BILINEAR)
    return np.asarray(img, dtype=np.uint8)


def _to_pinned(img: np.ndarray) -> torch.Tensor:
    return torch.from_numpy(img).permute(2, 0, 1).contiguous().pin_memory()


@torch.no_grad()
def _predict(model: SpeciesClassifier, x: torch.Tensor) -> list[float]:
    x = x.to("cuda", non_blocking=True).float().div_(255.0)
    if x.dim() == 3:
        x = x.unsqueeze(0)
    return torch.softmax(model(x), dim=-1).mean(0).cpu().tolist()


async def classify(request: web.Request) -> web.Response:
    img = _decode(await request.read())
    loop = asyncio.get_running_loop()
    x = await loop.run_in_executor(request.app["pool"], _to_pinned, img)
    async with request.app["lock"]:
        probs = await loop.run_in_executor(request.app["pool"], _predict, request.app["model"], x)
    top = int(np.argmax(probs))
    return web.json_response({"species": top, "p": probs[top]})


async def classify_burst(request: web.Request) -> web.Response:
    reader = await request.multipart()
    frames, meta = [], {}
    async for part in reader:
        if part.name == "meta":
            meta = json.loads(await part.text())
        else:
            frames.append(_decode(await part.read()))
    loop = asyncio.get_running_loop()
    dev = await loop.run_in_executor(request.app["pool"], stage_burst, frames, meta)
    async with request.app["lock"]:
        probs = await loop.run_in_executor(request.app["pool"], _predict, request.app["model"], dev.permute(0, 3, 1, 2))
    site = request.app["sites"][int(meta.get("site", 0))].tolist()
    return web.json_response({"species": int(np.argmax(probs)), "site": site})


async def on_startup(app: web.Application) -> None:
    cfg: ALConfig = app["cfg"]
    model = SpeciesClassifier(cfg.n_classes, cfg.priors).cuda().eval()
    model.load_state_dict(torch.load(app["ckpt"], map_location="cuda"))
    app["model"] = model
    app["sites"] = ingest_site_table(cfg.site_table)
    app["pool"] = ThreadPoolExecutor(max_workers=2)
    app["lock"] = asyncio.Lock()


def build_app(cfg: ALConfig, ckpt: str) -> web.Application:
    app = web.Application(client_max_size=32 * 1024 * 1024)
    app["cfg"] = cfg
    app["ckpt"] = ckpt
    app.on_startup.append(on_startup)
    app.router.add_post("/classify", classify)
    app.router.add_post("/burst", classify_burst)
    return app
