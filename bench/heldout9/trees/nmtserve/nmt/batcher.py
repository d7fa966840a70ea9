import queue
import threading
import time
from concurrent.futures import Future
from dataclasses import dataclass, field

import torch


@dataclass
class Pending:
    src: torch.Tensor
    lang: str
    request_id: str
    future: Future = field(default_factory=Future)


class Batcher(threading.Thread):
    """Collects requests for up to max_wait_ms and decodes them as one batch."""

    def __init__(self, model, beam, cache, max_batch, max_wait_ms, pad=0):
        super().__init__(daemon=True, name="nmt-batcher")
        self.model, self.beam, self.cache = model, beam, cache
        self.max_batch, self.max_wait = max_batch, max_wait_ms / 1000.0
        self.pad = pad
        self.q = queue.Queue()
        self._stop = threading.Event()

    def submit(self, src, lang, request_id):
        p = Pending(src, lang, request_id)
        self.q.put(p)
        return p.future

    def _gather(self):
        try:
            first = self.q.get(timeout=0.1)
        except queue.Empty:
            return []
        reqs, deadline = [first], time.monotonic() + self.max_wait
        while len(reqs) < self.max_batch and time.monotonic() < deadline:
            try:
                reqs.append(self.q.get(timeout=max(0.0, deadline - time.monotonic())))
            except queue.Empty:
                break
        return reqs

    def _collate(self, reqs):
        width = max(r.src.numel() for r in reqs)
        host = torch.full((len(reqs), width), self.pad, dtype=torch.long, pin_memory=True)
        for i, r in enumerate(reqs):
            host[i, : r.src.numel()] = r.src
        return host.cuda(non_blocking=True)

    def run(self):
        while not self._stop.is_set():
            reqs = self._gather()
            if not reqs:
                continue
            src = self._collate(reqs)
            mask = src == self.pad
            memory = self.model.encode(src, mask)
            for i, r in enumerate(reqs):
                self.cache.remember(r.request_id, memory[i])
            hyps = self.beam.search(src, mask, memory)
            for r, h in zip(reqs, hyps):
                r.future.set_result(h)

    def stop(self):
        self._stop.set()
