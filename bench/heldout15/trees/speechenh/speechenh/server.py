from __future__ import annotations

import argparse
import asyncio
import functools
import logging

import numpy as np
import torch
from aiohttp import WSMsgType, web

from .config import load_config
from .session import Enhancer
from .streaming import enhance_stream, rtp_chunks

log = logging.getLogger("speechenh.server")


@functools.lru_cache(maxsize=4)
def resample_buffer(sr_in: int, sr_out: int, chunk: int) -> torch.Tensor:
    n = int(np.ceil(chunk * sr_in / sr_out))
    return torch.empty(n, dtype=torch.float32, pin_memory=True)


async def ws_enhance(request: web.Request) -> web.WebSocketResponse:
    ws = web.WebSocketResponse(max_msg_size=1 << 20)
    await ws.prepare(request)
    enh: Enhancer = request.app["enhancer"]
    sr = int(request.query.get("sr", enh.cfg.sample_rate))
    back = resample_buffer(sr, enh.cfg.sample_rate, enh.cfg.chunk)
    async for msg in ws:
        if msg.type != WSMsgType.BINARY:
            continue
        with enh.chunk(msg.data) as scope:
            audio = enh.process(scope.dev)
        for fx in enh.postfx:
            audio = fx(audio)
        if sr != enh.cfg.sample_rate:
            n = back.numel()
            back.copy_(torch.nn.functional.interpolate(audio[None, None], size=n, mode="linear").flatten())
            audio = back
        await ws.send_bytes((audio.numpy() * 32767).astype(np.int16).tobytes())
    return ws


async def ws_listen(request: web.Request) -> web.WebSocketResponse:
    ws = web.WebSocketResponse()
    await ws.prepare(request)
    request.app["listeners"].add(ws)
    try:
        async for _ in ws:
            pass
    finally:
        request.app["listeners"].discard(ws)
    return ws


async def broadcast_pump(app: web.Application) -> None:
    enh: Enhancer = app["enhancer"]
    source = rtp_chunks(enh.cfg.broadcast_url, enh.cfg.chunk)
    async for out in enhance_stream(enh, source):
        payload = (out * 32767).astype(np.int16).tobytes()
        for ws in list(app["listeners"]):
            await ws.send_bytes(payload)


async def on_startup(app: web.Application) -> None:
    app["enhancer"] = Enhancer(app["cfg"])
    app["listeners"] = set()
    if app["cfg"].broadcast_url:
        app["pump"] = asyncio.create_task(broadcast_pump(app))


async def on_cleanup(app: web.Application) -> None:
    pump = app.get("pump")
    if pump:
        pump.cancel()


def make_app(cfg) -> web.Application:
    app = web.Application()
    app["cfg"] = cfg
    app.on_startup.append(on_startup)
    app.on_cleanup.append(on_cleanup)
    app.router.add_get("/ws/enhance", ws_enhance)
    app.router.add_get("/ws/listen", ws_listen)
    return app


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="configs/serve.yaml")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    cfg = load_config(args.config)
    web.run_app(make_app(cfg), host=cfg.host, port=cfg.port)


if __name__ == "__main__":
    main()
