import asyncio

import torch
from aiohttp import web


class GenerationServer:
    def __init__(self, cfg, worker):
        self.cfg = cfg
        self.worker = worker
        self.warm_noise = {}

    async def handle_generate(self, request):
        body = await request.json()
        h, w = int(body.get("height", 1024)), int(body.get("width", 1024))
        g = torch.Generator().manual_seed(int(body.get("seed", 0)))
        noise = torch.randn((1, 4, h // 8, w // 8), generator=g, pin_memory=True)
        fut = self.worker.submit(
            prompt=body["prompt"],
            noise=noise,
            steps=int(body.get("steps", self.cfg.default_steps)),
            lora=body.get("lora"),
            preview=body.get("stream_previews", False),
        )
        png = await asyncio.wrap_future(fut)
        return web.Response(body=png, content_type="image/png")

    async def handle_health(self, request):
        return web.json_response({"queue": self.worker.q.qsize()})

    def app(self):
        app = web.Application()
        app.router.add_post("/generate", self.handle_generate)
        app.router.add_get("/health", self.handle_health)
        return app

    def run(self):
        web.run_app(self.app(), host=self.cfg.host, port=self.cfg.port)
