from __future__ import annotations

import asyncio
import struct

import numpy as np

_MSG = struct.Struct("<HIffffff")  # drone id, seq, pos xyz, vel xyz


class TelemetryProtocol(asyncio.DatagramProtocol):
    def __init__(self, queue: asyncio.Queue, n_drones: int):
        self.queue = queue
        self.n = n_drones
        self.pending: dict[int, tuple] = {}

    def datagram_received(self, data, addr):
        for off in range(0, len(data) - _MSG.size + 1, _MSG.size):
            did, seq, *vals = _MSG.unpack_from(data, off)
            self.pending[did] = vals
        if len(self.pending) >= self.n:
            states = np.zeros((self.n, 6), dtype=np.float32)
            for did, vals in self.pending.items():
                if did < self.n:
                    states[did] = vals
            self.pending.clear()
            self.queue.put_nowait(states)


async def open_telemetry(bind: str, n_drones: int) -> asyncio.Queue:
    host, port = bind.rsplit(":", 1)
    q: asyncio.Queue = asyncio.Queue(maxsize=4)
    loop = asyncio.get_running_loop()
    await loop.create_datagram_endpoint(lambda: TelemetryProtocol(q, n_drones), local_addr=(host, int(port)))
    return q
