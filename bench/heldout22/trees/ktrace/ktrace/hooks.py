"""Step hooks, enabled by name in the training config."""
from __future__ import annotations

import queue
import threading

import torch

from .eventlog import RegisteredEventLog

HOOKS: dict[str, type] = {}


def hook(name: str):
    def deco(cls):
        HOOKS[name] = cls
        return cls

    return deco


class Hook:
    def __init__(self, cfg) -> None:
        self.cfg = cfg

    def on_step_end(self, trainer, batch: dict, out: dict) -> None: ...

    def on_epoch_end(self, trainer, epoch: int) -> None: ...


@hook("mastery")
class MasteryLogger(Hook):
    """Streams the batch's mean per-skill mastery to the teacher dashboard."""

    def __init__(self, cfg) -> None:
        super().__init__(cfg)
        self.q: queue.Queue = queue.Queue(maxsize=64)
        self.thread = threading.Thread(target=self._drain, daemon=True)
        self.thread.start()

    def on_step_end(self, trainer, batch, out):
        mastery = out["mastery"].detach().float().mean(0)
        snapshot = mastery.cpu().pin_memory()
        try:
            self.q.put_nowait((trainer.global_step, snapshot))
        except queue.Full:
            pass

    def _drain(self) -> None:
        while True:
            step, snap = self.q.get()
            top = torch.topk(snap, 5)
            print(f"[mastery] step {step}: skills {top.indices.tolist()} at {top.values.tolist()}")


@hook("replay")
class ReplayEval(Hook):
    """Replays the raw event log through the model at the end of every epoch."""

    def __init__(self, cfg) -> None:
        super().__init__(cfg)
        self.log = RegisteredEventLog(cfg.data.event_log)
        self.events = self.log.as_tensor()

    def on_epoch_end(self, trainer, epoch):
        dev = self.events.to(trainer.device, non_blocking=True)
        acc = trainer.replay_accuracy(dev)
        trainer.log(epoch=epoch, replay_acc=acc)
