"""EEG sources as async generators of (window, timestamp)."""
from __future__ import annotations

import asyncio
import struct

import numpy as np
import torch


class TcpInlet:
    """Reads float32 sample frames (channels interleaved) prefixed by a float64 timestamp."""

    def __init__(self, url: str, n_channels: int):
        self.host, port = url.removeprefix("tcp://").split(":")
        self.port = int(port)
        self.n_channels = n_channels
        self.reader = None

    async def connect(self) -> None:
        self.reader, _ = await asyncio.open_connection(self.host, self.port)

    async def pull_chunk(self) -> tuple[np.ndarray, np.ndarray]:
        header = await self.reader.readexactly(12)
        ts, n = struct.unpack("<dI", header)
        raw = await self.reader.readexactly(4 * n * self.n_channels)
        samples = np.frombuffer(raw, dtype="<f4").reshape(n, self.n_channels).T
        return samples, ts + np.arange(n) / 250.0


async def windows(inlet: TcpInlet, window: int, hop: int):
    """Sliding (channels, window) windows every `hop` new samples."""
    ring = np.zeros((inlet.n_channels, window), np.float32)
    fresh = 0
    while True:
        chunk, ts = await inlet.pull_chunk()
        n = chunk.shape[1]
        ring = np.roll(ring, -n, axis=1)
        ring[:, -n:] = chunk[:, -window:] if n > window else chunk
        fresh += n
        if fresh >= hop:
            fresh = 0
            buf = torch.empty((inlet.n_channels, window), dtype=torch.float32, pin_memory=True)
            buf.copy_(torch.from_numpy(ring))
            yield buf, float(ts[-1])


async def replay_file(path: str, window: int, hop: int, fs: int, realtime: bool = True):
    """Replays a recorded session (npz with `eeg`: channels x samples) as if it were live."""
    eeg = np.load(path)["eeg"].astype(np.float32)
    host = torch.from_numpy(eeg).pin_memory()
    for start in range(0, host.shape[1] - window + 1, hop):
        if realtime:
            await asyncio.sleep(hop / fs)
        yield host[:, start: start + window], (start + window) / fs
