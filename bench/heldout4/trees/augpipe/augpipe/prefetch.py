import queue
import threading

import cupyx
import numpy as np


class PinnedRing:
    """Fixed set of pinned slots handed between a producer thread and the consumer."""

    def __init__(self, slots, slot_bytes):
        self.bufs = []
        self.free = queue.Queue()
        for i in range(slots):
            self.bufs.append(cupyx.empty_pinned((slot_bytes,), dtype=np.uint8))
            self.free.put(i)

    def release(self, slot):
        self.free.put(slot)


class Prefetcher(threading.Thread):
    def __init__(self, source, ring):
        super().__init__(daemon=True, name="aug-prefetch")
        self.source = source
        self.ring = ring
        self.ready = queue.Queue(maxsize=len(ring.bufs))
        self._stop = threading.Event()

    def run(self):
        while not self._stop.is_set():
            rec = next(self.source, None)
            if rec is None:
                break
            slot = self.ring.free.get()
            self.ring.bufs[slot][: rec.size] = rec
            self.ready.put((slot, rec.size))

    def stop(self):
        self._stop.set()
