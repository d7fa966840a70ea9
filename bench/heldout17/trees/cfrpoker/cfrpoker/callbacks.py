from __future__ import annotations

import logging

import torch

log = logging.getLogger(__name__)


class IterationCallback:
    def on_iteration_end(self, trainer, iteration: int) -> None: ...


class StrategySnapshot(IterationCallback):
    """Keeps a CPU copy of the advantage net after every CFR iteration (for the average strategy)."""

    def __init__(self):
        self.snapshots: list[dict[str, torch.Tensor]] = []

    def on_iteration_end(self, trainer, iteration):
        snap = {k: v.detach().to("cpu").pin_memory() for k, v in trainer.net.state_dict().items()}
        self.snapshots.append(snap)


class LogLoss(IterationCallback):
    def on_iteration_end(self, trainer, iteration):
        log.info("iteration %d loss %.4f reservoir %d", iteration, trainer.last_loss, len(trainer.memory))
