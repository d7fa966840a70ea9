"""Enhancement of one continuous programme feed, chunk by chunk."""
from __future__ import annotations

import asyncio
from typing import AsyncIterator

import numpy as np
import torch

from . import ops


def frame_chunk(chunk: np.ndarray, n_fft: int, hop: int) -> torch.Tensor:
    audio = torch.from_numpy(chunk.astype(np.float32, copy=False))
    return ops.stft_frames(audio, n_fft, hop)


async def rtp_chunks(url: str, chunk: int) -> AsyncIterator[np.ndarray]:
    """PCM16 chunks from a multicast RTP feed (payload type 11, L16 mono)."""
    host, port = url.removeprefix("udp://").split(":")
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[bytes] = asyncio.Queue(maxsize=64)

    class _Proto(asyncio.DatagramProtocol):
        def datagram_received(self, data, addr):
            if not queue.full():
                queue.put_nowait(data[12:])

    transport, _ = await loop.create_datagram_endpoint(_Proto, local_addr=(host, int(port)))
    pending = bytearray()
    try:
        while True:
            pending += await queue.get()
            while len(pending) >= 2 * chunk:
                block, pending = bytes(pending[: 2 * chunk]), pending[2 * chunk:]
                yield np.frombuffer(block, dtype=">i2").astype(np.float32) / 32768.0
    finally:
        transport.close()


async def enhance_stream(enhancer, chunks: AsyncIterator[np.ndarray], n_out: int = 4):
    """Async generator of enhanced chunks (float32, same length as the input chunks)."""
    cfg = enhancer.cfg
    ring = [torch.empty(cfg.chunk, dtype=torch.float32, pin_memory=True) for _ in range(n_out)]
    i = 0
    async for chunk in chunks:
        spec = frame_chunk(chunk, cfg.n_fft, cfg.hop)
        audio = enhancer.enhance_spec(spec, cfg.chunk)
        out = ring[i % n_out]
        out.copy_(audio)
        for fx in enhancer.postfx:
            out = fx(out)
        i += 1
        yield out.numpy().copy()
