"""Next-item recommendation service (aiohttp + a batching worker thread).

    python -m ktrace.serve --checkpoint runs/latest.pt --port 8088
"""
from __future__ import annotations

import argparse
import asyncio
import queue
import threading
from concurrent.futures import Future
from functools import cached_property

import torch
from aiohttp import web

MAX_LEN = 200
MAX_BATCH = 32


def _encode(history: list[dict], max_len: int) -> torch.Tensor:
    rows = [[h["question"], h["skill"], int(h["correct"]), int(h["elapsed_ms"])] for h in history[-max_len:]]
    return torch.tensor(rows, dtype=torch.long).pin_memory()


class Recommender:
    def __init__(self, model, candidates: torch.Tensor, device: str = "cuda"):
        self.model = model.eval().to(device)
        self.candidates = candidates.to(device)
        self.device = device
        self.requests: queue.Queue = queue.Queue()
        self.worker = threading.Thread(target=self._loop, daemon=True)
        self.worker.start()

    @cached_property
    def batch_host(self) -> torch.Tensor:
        # [MAX_BATCH, MAX_LEN, 4] staging block shared by every batch the worker runs
        return torch.zeros(MAX_BATCH, MAX_LEN, 4, dtype=torch.long, pin_memory=True)

    def submit(self, history: list[dict], k: int) -> Future:
        fut: Future = Future()
        self.requests.put((history, k, fut))
        return fut

    def _loop(self) -> None:
        while True:
            pending = [self.requests.get()]
            while len(pending) < MAX_BATCH and not self.requests.empty():
                pending.append(self.requests.get_nowait())
            host = self.batch_host
            host.zero_()
            for i, (history, _, _) in enumerate(pending):
                enc = _encode(history, MAX_LEN)
                host[i, MAX_LEN - enc.shape[0]:] = enc
            x = host[: len(pending)].to(self.device, non_blocking=True)
            with torch.no_grad():
                p = self.model.score_candidates(x, self.candidates)
            for i, (_, k, fut) in enumerate(pending):
                target = (p[i] - 0.7).abs()
                fut.set_result(self.candidates[target.topk(k, largest=False).indices].tolist())


async def recommend(request: web.Request) -> web.Response:
    body = await request.json()
    fut = request.app["recommender"].submit(body["history"], int(body.get("k", 5)))
    items = await asyncio.wrap_future(fut)
    return web.json_response({"student": body.get("student"), "next": items})


async def on_startup(app: web.Application) -> None:
    ckpt = torch.load(app["checkpoint"], map_location="cpu", weights_only=False)
    app["recommender"] = Recommender(ckpt["model"], ckpt["candidates"])


def make_app(checkpoint: str) -> web.Application:
    app = web.Application()
    app["checkpoint"] = checkpoint
    app.on_startup.append(on_startup)
    app.router.add_post("/recommend", recommend)
    return app


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--checkpoint", required=True)
    ap.add_argument("--port", type=int, default=8088)
    args = ap.parse_args()
    web.run_app(make_app(args.checkpoint), port=args.port)
