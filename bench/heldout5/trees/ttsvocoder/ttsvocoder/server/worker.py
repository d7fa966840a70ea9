import logging
import queue
import threading

import torch

log = logging.getLogger(__name__)


class BufferPool:
    def __init__(self, n, nbytes):
        self._free = queue.Queue()
        for _ in range(n):
            self._free.put(torch.empty(nbytes, dtype=torch.uint8, pin_memory=True))

    def acquire(self, timeout=None):
        return self._free.get(timeout=timeout)

    def release(self, buf):
        self._free.put(buf)


class SynthWorker(threading.Thread):
    def __init__(self, engine, pool_size=8, max_bytes=1 << 22):
        super().__init__(daemon=True, name="synth-worker")
        self.engine = engine
        self.jobs = queue.Queue()
        self.pool = BufferPool(pool_size, max_bytes)
        self._stop = threading.Event()

    def submit(self, text, callback):
        self.jobs.put((text, callback))

    def run(self):
        while not self._stop.is_set():
            try:
                text, cb = self.jobs.get(timeout=0.1)
            except queue.Empty:
                continue
            try:
                parts = self.engine.run_chunked(text)
                buf = self.pool.acquire()
                try:
                    data = b"".join(parts)
                    buf[: len(data)].copy_(torch.frombuffer(bytearray(data), dtype=torch.uint8))
                    cb(bytes(buf[: len(data)].numpy()))
                finally:
                    self.pool.release(buf)
            except Exception:  # noqa: BLE001
                log.exception("job failed")

    def stop(self):
        self._stop.set()
