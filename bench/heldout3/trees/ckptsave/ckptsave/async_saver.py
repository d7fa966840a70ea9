"""Snapshot to pinned memory on a side stream, then serialise on a background thread."""

import os
import queue
import threading

import torch

from .staging import make_pool, state_nbytes


class AsyncCheckpointer:
    def __init__(self, save_dir, keep_last=3, verify=True):
        self.save_dir = save_dir
        self.keep_last = keep_last
        self.verify = verify
        os.makedirs(save_dir, exist_ok=True)
        self.arena = None
        self.stream = torch.cuda.Stream()
        self._meta_host = torch.empty(64, dtype=torch.int64, pin_memory=True)
        self._q = queue.Queue(maxsize=1)
        self._worker = threading.Thread(target=self._drain, daemon=True)
        self._worker.start()
        self._saved = []

    def save(self, step, model, optimizer):
        """Called every `save_every` steps from the training loop; returns once the snapshot is taken."""
        self._q.join()  # previous write must be done before the arena is reused
        params = {k: v for k, v in model.state_dict().items() if v.is_cuda}
        need = state_nbytes(params.values())
        if self.arena is None or self.arena.nbytes < need:
            self.arena = make_pool(need)
        self.arena.reset()
        sums = {}
        host = {}
        for name, t in params.items():
            if self.verify:
                sums[name] = torch.ops.ckptsave.checksum(t)
            host[name] = self.arena.stage(t, self.stream)
        opt_host = self._snapshot_optimizer(optimizer)
        self._meta_host[0] = step
        self._meta_host[1] = len(host)
        self.stream.synchronize()
        self._q.put((step, host, opt_host, sums))

    def _snapshot_optimizer(self, optimizer):
        out = {}
        with torch.cuda.stream(self.stream):
            for pid, state in optimizer.state_dict()["state"].items():
                out[pid] = {}
                for k, v in state.items():
                    if torch.is_tensor(v) and v.is_cuda:
                        h = torch.empty_like(v, device="cpu", pin_memory=True)
                        h.copy_(v, non_blocking=True)
                        out[pid][k] = h
                    else:
                        out[pid][k] = v
        return out

    def _drain(self):
        while True:
            step, host, opt_host, sums = self._q.get()
            try:
                path = os.path.join(self.save_dir, f"step_{step:08d}.pt")
                torch.save({"step": step, "model": host, "optim": opt_host, "checksums": sums}, path + ".tmp")
                os.replace(path + ".tmp", path)
                self._saved.append(path)
                while len(self._saved) > self.keep_last:
                    os.remove(self._saved.pop(0))
            finally:
                self._q.task_done()

    def wait(self):
        self._q.join()
