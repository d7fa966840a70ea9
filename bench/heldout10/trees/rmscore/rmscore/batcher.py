"""Dynamic batching: requests wait up to batch_wait_ms and go to the least-loaded actor."""
from __future__ import annotations

import asyncio
import itertools
from dataclasses import dataclass, field

import torch

from rmscore.config import ScoreConfig


@dataclass
class Pending:
    ids: torch.Tensor
    length: int
    category: int
    fut: asyncio.Future = field(default_factory=lambda: asyncio.get_running_loop().create_future())


class DynamicBatcher:
    def __init__(self, actors, cfg: ScoreConfig, pad_id: int = 0) -> None:
        self.actors = actors
        self.cfg = cfg
        self.pad_id = pad_id
        self.queue: asyncio.Queue[Pending] = asyncio.Queue()
        self._rr = itertools.cycle(range(len(actors)))
        self._task: asyncio.Task | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="rm-batcher")

    async def submit(self, ids: torch.Tensor, length: int, category: int) -> float:
        p = Pending(ids, length, category)
        await self.queue.put(p)
        return await p.fut

    async def _collect(self) -> list[Pending]:
        items = [await self.queue.get()]
        deadline = asyncio.get_running_loop().time() + self.cfg.batch_wait_ms / 1000
        while len(items) < self.cfg.max_batch:
            timeout = deadline - asyncio.get_running_loop().time()
            if timeout <= 0:
                break
            try:
                items.append(await asyncio.wait_for(self.queue.get(), timeout))
            except asyncio.TimeoutError:
                break
        return items

    async def _run(self) -> None:
        while True:
            items = await self._collect()
            t = max(p.length for p in items)
            ids = torch.full((len(items), t), self.pad_id, dtype=torch.long, pin_memory=True)
            for i, p in enumerate(items):
                ids[i, : p.length] = p.ids[: p.length]
            lengths = torch.tensor([p.length for p in items])
            actor = self.actors[next(self._rr)]
            try:
                rewards = await actor.score.remote(ids, lengths, [p.category for p in items])
                for p, r in zip(items, rewards):
                    p.fut.set_result(r)
            except Exception as exc:  # noqa: BLE001
                for p in items:
                    p.fut.set_exception(exc)
