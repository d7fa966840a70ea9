import queue
import threading

import torch


class AsyncCopier(threading.Thread):
    """Ships tensors to host memory off the training thread (EMA snapshots, probes)."""

    def __init__(self, maxsize=64):
        super().__init__(daemon=True, name="ddp-copier")
        self.inbox = queue.Queue(maxsize)
        self.outbox = queue.Queue()
        self._stop = threading.Event()
        self.stream = torch.cuda.Stream()

    def run(self):
        while not self._stop.is_set():
            try:
                name, t = self.inbox.get(timeout=0.1)
            except queue.Empty:
                continue
            host = torch.empty(t.shape, dtype=t.dtype, pin_memory=True)
            with torch.cuda.stream(self.stream):
                host.copy_(t, non_blocking=True)
            self.stream.synchronize()
            self.outbox.put((name, host))

    def stop(self):
        self._stop.set()
        self.join()
