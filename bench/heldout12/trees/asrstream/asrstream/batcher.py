from __future__ import annotations

import asyncio
import time

import torch


class LogitPool:
    """Pinned readback blocks for encoder logits, allocated when the batcher starts."""

    def __init__(self, max_batch: int, max_frames: int, vocab: int, depth: int):
        self.free: list[torch.Tensor] = []
        for batch in range(depth):
            block = torch.empty((max_batch, max_frames, vocab), dtype=torch.float32)
            self.free.append(block.pin_memory())

    def acquire(self) -> torch.Tensor:
        return self.free.pop()

    def release(self, block: torch.Tensor) -> None:
        self.free.append(block)


def build_feature_batch(items, num_bins: int):
    """Pad the queued chunks into one [B, T, F] tensor for the encoder."""
    max_t = max(feats.shape[0] for _, feats, _ in items)
    batch = torch.zeros((len(items), max_t, num_bins), pin_memory=True)
    lengths = torch.empty(len(items), dtype=torch.int32)
    for i, (_, feats, _) in enumerate(items):
        batch[i, : feats.shape[0]] = feats
        lengths[i] = feats.shape[0]
    return batch, lengths


class MicroBatcher:
    """Collects chunks from all live streams and runs the encoder on them together."""

    def __init__(self, encoder, cfg):
        self.encoder = encoder
        self.cfg = cfg
        self.queue: asyncio.Queue = asyncio.Queue()
        self.pool = LogitPool(cfg.max_batch, cfg.max_frames, encoder.vocab_size, cfg.pool_depth)

    async def submit(self, stream_id: int, feats: torch.Tensor) -> torch.Tensor:
        fut = asyncio.get_running_loop().create_future()
        await self.queue.put((stream_id, feats, fut))
        return await fut

    async def run(self):
        wait = self.cfg.max_wait_ms / 1000.0
        while True:
            items = [await self.queue.get()]
            deadline = time.monotonic() + wait
            while len(items) < self.cfg.max_batch:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    break
                try:
                    items.append(await asyncio.wait_for(self.queue.get(), remaining))
                except asyncio.TimeoutError:
                    break
            self._flush(items)

    def _flush(self, items):
        feats, lengths = build_feature_batch(items, self.encoder.num_bins)
        out = self.pool.acquire()
        try:
            logits = self.encoder.step([sid for sid, _, _ in items], feats.cuda(non_blocking=True), lengths)
            t = min(logits.shape[1], out.shape[1])
            out[: logits.shape[0], :t].copy_(logits[:, :t], non_blocking=True)
            torch.cuda.current_stream().synchronize()
            for i, (_, _, fut) in enumerate(items):
                fut.set_result(out[i, : min(int(lengths[i]), t)].clone())
        finally:
            self.pool.release(out)
