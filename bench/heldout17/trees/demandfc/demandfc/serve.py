"""Forecast service: an asyncio queue feeds a micro-batcher task."""
from __future__ import annotations

import asyncio

import numpy as np
import torch

from .features import scale


class Batcher:
    def __init__(self, model, calendar: torch.Tensor, context: int, max_batch: int = 64):
        self.model = model.eval().cuda()
        self.calendar = calendar.cuda()
        self.context = context
        self.max_batch = max_batch
        self.queue: asyncio.Queue = asyncio.Queue()
        self.prior = torch.zeros((max_batch, context), dtype=torch.float32).pin_memory()

    async def submit(self, history: np.ndarray) -> np.ndarray:
        fut = asyncio.get_running_loop().create_future()
        await self.queue.put((history, fut))
        return await fut

    @torch.no_grad()
    def _run_batch(self, items):
        scaled = [scale(h[-self.context :]) for h, _ in items]
        x = torch.from_numpy(np.stack([s for s, _ in scaled]).astype(np.float32)).pin_memory()
        cal = self.calendar[-x.shape[1] - 28 :].expand(len(items), -1, -1)
        pred = self.model(x.cuda(non_blocking=True), cal)[:, :, 1].cpu().numpy()
        for (_, fut), (_, sc), p in zip(items, scaled, pred):
            fut.set_result(p * sc)

    async def run(self):
        while True:
            items = [await self.queue.get()]
            while len(items) < self.max_batch and not self.queue.empty():
                items.append(self.queue.get_nowait())
            self._run_batch(items)


async def main(model, calendar, context):
    batcher = Batcher(model, calendar, context)
    task = asyncio.create_task(batcher.run())
    server = await asyncio.start_server(lambda r, w: _handle(batcher, r, w), "0.0.0.0", 8088)
    async with server:
        await server.serve_forever()
    task.cancel()


async def _handle(batcher, reader, writer):
    while line := await reader.readline():
        hist = np.array([float(v) for v in line.split(b",")], dtype=np.float32)
        out = await batcher.submit(hist)
        writer.write((",".join(f"{v:.2f}" for v in out) + "\n").encode())
        await writer.drain()
