"""PMU stream (IEEE C37.118 over TCP) feeding the estimator."""
from __future__ import annotations

import socket
import struct

import numpy as np

from ._native import lib
from .estimator import StateEstimator

SYNC = 0xAA01


class PmuStream:
    def __init__(self, host: str, port: int, n_pmu: int, ring_slots: int = 64):
        self.addr = (host, port)
        self.n_pmu = n_pmu
        self.frame_bytes = 16 + 8 * n_pmu * 4
        self.ring = lib.se_ring_create(ring_slots, self.frame_bytes)
        if not self.ring:
            raise MemoryError("could not allocate the PMU ring")

    def frames(self):
        with socket.create_connection(self.addr) as sock:
            while True:
                slot = lib.se_ring_acquire(self.ring)
                view = np.ctypeslib.as_array(slot, shape=(self.frame_bytes,))
                got = sock.recv_into(memoryview(view), self.frame_bytes, socket.MSG_WAITALL)
                if got < self.frame_bytes:
                    return
                sync, size = struct.unpack_from(">HH", view, 0)
                if sync != SYNC:
                    continue
                payload = view[16:].view(">f4").astype(np.float32).reshape(self.n_pmu, 8)
                yield payload[:, 0::2].ravel(), payload[:, 1::2].ravel()

    def run(self, estimator: StateEstimator, sigma: np.ndarray, on_state=None):
        for mag, ang in self.frames():
            v, theta, obs = estimator.process_frame(mag, ang, sigma)
            if on_state is not None:
                on_state(v, theta, obs)

    def close(self):
        lib.se_ring_destroy(self.ring)
