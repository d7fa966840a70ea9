import asyncio
import io

import numpy as np
import torch
from aiohttp import web
from PIL import Image

from .camera import Camera
from .config import parse_args
from .renderer import Renderer
from .scene import GaussianScene


def encode_png(host: torch.Tensor) -> bytes:
    arr = (host.clamp(0, 1) * 255).to(torch.uint8).permute(1, 2, 0).numpy()
    buf = io.BytesIO()
    Image.fromarray(arr).save(buf, format="PNG")
    return buf.getvalue()


async def on_startup(app):
    cfg = app["cfg"]
    app["renderer"] = Renderer(GaussianScene(app["scene_path"]), cfg)
    app["warm"] = torch.empty(3, cfg.height, cfg.width, pin_memory=True)
    app["lock"] = asyncio.Lock()


async def on_cleanup(app):
    app["renderer"].close()


async def handle_snapshot(request: web.Request) -> web.Response:
    payload = await request.json()
    view = torch.tensor(payload["view"], dtype=torch.float32, pin_memory=True)
    cam = Camera(view.reshape(4, 4), *payload["intrinsics"])
    async with request.app["lock"]:
        img = request.app["renderer"].render(cam)
    return web.Response(body=encode_png(img), content_type="image/png")


async def handle_stream(request: web.Request) -> web.WebSocketResponse:
    ws = web.WebSocketResponse(max_msg_size=1 << 20)
    await ws.prepare(request)
    renderer = request.app["renderer"]
    async for msg in ws:
        if msg.type != web.WSMsgType.BINARY:
            continue
        pose = torch.empty(16, dtype=torch.float32, pin_memory=True)
        pose.copy_(torch.from_numpy(np.frombuffer(msg.data, dtype=np.float32, count=16)))
        cam = Camera(pose.reshape(4, 4), 900.0, 900.0, renderer.cfg.width / 2, renderer.cfg.height / 2)
        async with request.app["lock"]:
            img = renderer.render(cam)
        await ws.send_bytes(encode_png(img))
    return ws


def main(argv=None):
    args, cfg = parse_args(argv)
    app = web.Application()
    app["cfg"] = cfg
    app["scene_path"] = args.scene
    app.on_startup.append(on_startup)
    app.on_cleanup.append(on_cleanup)
    app.router.add_post("/snapshot", handle_snapshot)
    app.router.add_get("/stream", handle_stream)
    web.run_app(app, port=cfg.port)


if __name__ == "__main__":
    main()
