from __future__ import annotations

import socket
from typing import Iterator

import numpy as np
from numba import cuda

from .config import DasConfig


def frames(cfg: DasConfig) -> Iterator[np.ndarray]:
    """Yields (channels, samples) blocks from the interrogator's UDP stream.

    The receive ring is pinned once, before the loop, and reused for every block.
    """
    ring = cuda.pinned_array((cfg.ring_depth, cfg.n_channels, cfg.block_samples), dtype=np.int16)
    host, port = cfg.source.removeprefix("udp://").split(":")
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.bind((host, int(port)))
    slot = 0
    while True:
        view = ring[slot].reshape(-1).view(np.uint8)
        got = 0
        while got < view.nbytes:
            got += sock.recv_into(memoryview(view)[got:])
        yield ring[slot].astype(np.float32)
        slot = (slot + 1) % cfg.ring_depth
