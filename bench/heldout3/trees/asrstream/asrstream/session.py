"""Per-client encoder state. Sessions are pooled: a client gets a slot for the life of its stream."""

from dataclasses import dataclass, field
import logging

import torch

log = logging.getLogger(__name__)


@dataclass
class Session:
    slot: int
    state_gpu: list
    state_host: list = field(default_factory=list)
    frames_seen: int = 0

    def clear(self):
        for t in self.state_gpu:
            t.zero_()
        self.frames_seen = 0


class SessionPool:
    """Fixed pool of encoder-state slots. Host mirrors are used to park idle streams off the GPU."""

    def __init__(self, max_sessions, state_shapes, device):
        self.device = device
        self.state_shapes = list(state_shapes)
        self._free = []
        self._all = []
        for slot in range(max_sessions):
            host = [torch.zeros(shape, dtype=torch.float16, pin_memory=True) for shape in self.state_shapes]
            gpu = [torch.zeros(shape, dtype=torch.float16, device=device) for shape in self.state_shapes]
            sess = Session(slot=slot, state_gpu=gpu, state_host=host)
            self._all.append(sess)
            self._free.append(sess)

    def acquire(self):
        if self._free:
            sess = self._free.pop()
            sess.clear()
            return sess
        # Burst above the configured size: add a slot. It goes back on the free list on
        # release, so the pool only grows to the peak concurrency and then stays there.
        slot = len(self._all)
        log.warning("session pool exhausted, growing to %d", slot + 1)
        host = [torch.empty(shape, dtype=torch.float16).pin_memory() for shape in self.state_shapes]
        gpu = [torch.zeros(shape, dtype=torch.float16, device=self.device) for shape in self.state_shapes]
        sess = Session(slot=slot, state_gpu=gpu, state_host=host)
        self._all.append(sess)
        return sess

    def release(self, sess):
        self._free.append(sess)

    def park(self, sess):
        """Move an idle stream's state to its host mirror (e.g. client paused)."""
        for h, g in zip(sess.state_host, sess.state_gpu):
            h.copy_(g, non_blocking=True)
        torch.cuda.current_stream().synchronize()

    def unpark(self, sess):
        for h, g in zip(sess.state_host, sess.state_gpu):
            g.copy_(h, non_blocking=True)

    def __len__(self):
        return len(self._all)
