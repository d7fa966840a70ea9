"""Zero-copy ring of mapped host buffers that the sensor-driver thread writes frames into."""

import threading

import numpy as np
from numba import cuda


class MappedRing:
    def __init__(self, slots=8, max_points=200_000):
        self.bufs = []
        self.lengths = np.zeros(slots, np.int64)
        for _ in range(slots):
            self.bufs.append(cuda.mapped_array((max_points, 4), dtype=np.float32))
        self.head = 0
        self.tail = 0
        self.cv = threading.Condition()

    def put(self, frame):
        with self.cv:
            while (self.head + 1) % len(self.bufs) == self.tail:
                self.cv.wait()
            slot = self.head
        n = min(len(frame), len(self.bufs[slot]))
        self.bufs[slot][:n] = frame[:n]
        self.lengths[slot] = n
        with self.cv:
            self.head = (self.head + 1) % len(self.bufs)
            self.cv.notify_all()

    def get(self):
        with self.cv:
            while self.head == self.tail:
                self.cv.wait()
            slot = self.tail
        return slot, self.bufs[slot][: self.lengths[slot]]

    def release(self, slot):
        with self.cv:
            self.tail = (slot + 1) % len(self.bufs)
            self.cv.notify_all()
