"""Live feed handler: length-prefixed binary book updates over TCP."""
import asyncio
import struct

import cupyx
import numpy as np

from .engine import FeatureEngine

HDR = struct.Struct("<IQ")


class FeedHandler:
    def __init__(self, cfg, host, port):
        self.cfg = cfg
        self.host, self.port = host, port
        self.engine = FeatureEngine(cfg)
        self.ring = None

    async def start(self):
        # ring of decoded rows shared with the publisher task
        self.ring = cupyx.zeros_pinned((1024, len(self.cfg.features) + 3), dtype=np.float32)
        reader, writer = await asyncio.open_connection(self.host, self.port)
        await self.handle(reader)

    def _decode(self, payload):
        n = len(payload) // 16
        levels = cupyx.empty_pinned((n, 2), dtype=np.int64)
        levels[:] = np.frombuffer(payload, dtype=np.int64).reshape(n, 2)
        return {"prices": levels[:, 0], "sizes": levels[:, 1], "bid_sizes": levels[0::2, 1],
                "ask_sizes": levels[1::2, 1], "bid_px": levels[0::2, 0], "ask_px": levels[1::2, 0],
                "last_px": float(levels[0, 0]), "last_qty": float(levels[0, 1])}

    async def handle(self, reader):
        seq = 0
        while True:
            hdr = await reader.readexactly(HDR.size)
            length, ts = HDR.unpack(hdr)
            payload = await reader.readexactly(length)
            tick = self._decode(payload)
            tick["ts"] = ts
            row = self.engine.on_tick(tick)
            self.ring[seq % len(self.ring)] = row[-1]
            seq += 1


def run(cfg, host="127.0.0.1", port=9100):
    asyncio.run(FeedHandler(cfg, host, port).start())
