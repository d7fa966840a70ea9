from __future__ import annotations

import logging
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import torch

log = logging.getLogger(__name__)


class Callback:
    def on_fit_start(self, trainer) -> None: ...
    def on_train_batch_end(self, trainer, loss: float) -> None: ...
    def on_validation_end(self, trainer, epoch: int, metrics: dict) -> None: ...
    def on_fit_end(self, trainer) -> None: ...


class EMA(Callback):
    def __init__(self, decay: float = 0.999, every: int = 16):
        self.decay = decay
        self.every = every
        self.shadow: dict[str, torch.Tensor] = {}
        self._n = 0

    def on_fit_start(self, trainer) -> None:
        state = trainer.model.state_dict()
        self.shadow = {k: v.detach().to("cpu").clone().pin_memory() for k, v in state.items()}

    def on_train_batch_end(self, trainer, loss: float) -> None:
        self._n += 1
        if self._n % self.every:
            return
        d = self.decay ** self.every
        with torch.no_grad():
            for k, v in trainer.model.state_dict().items():
                if v.dtype.is_floating_point:
                    self.shadow[k].copy_(self.shadow[k] * d + v.detach().cpu() * (1 - d))

    def on_fit_end(self, trainer) -> None:
        torch.save(self.shadow, Path(trainer.cfg.out_dir) / "ema.pt")


def _host_copy(state: dict[str, torch.Tensor]) -> dict[str, torch.Tensor]:
    out = {}
    for k, v in state.items():
        buf = torch.empty(v.shape, dtype=v.dtype, pin_memory=True)
        buf.copy_(v.detach(), non_blocking=True)
        out[k] = buf
    torch.cuda.current_stream().synchronize()
    return out


class BestCheckpoint(Callback):
    """Keeps the weights with the best top-1 accuracy; the write happens off the training thread."""

    def __init__(self, metric: str = "top1"):
        self.metric = metric
        self.best = float("-inf")
        self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ckpt")

    def on_validation_end(self, trainer, epoch: int, metrics: dict) -> None:
        score = metrics[self.metric]
        if score <= self.best:
            return
        self.best = score
        path = Path(trainer.cfg.out_dir) / "best.pt"
        host = _host_copy(trainer.model.state_dict())
        self._writer.submit(torch.save, {"epoch": epoch, "state": host, self.metric: score}, path)
        log.info("epoch %d: new best %s=%.4f", epoch, self.metric, score)

    def on_fit_end(self, trainer) -> None:
        self._writer.shutdown(wait=True)


class EarlyStopping(Callback):
    def __init__(self, patience: int = 5, metric: str = "top1"):
        self.patience = patience
        self.metric = metric
        self.best = float("-inf")
        self.bad = 0

    def on_validation_end(self, trainer, epoch: int, metrics: dict) -> None:
        if metrics[self.metric] > self.best:
            self.best, self.bad = metrics[self.metric], 0
        else:
            self.bad += 1
            trainer.should_stop = self.bad >= self.patience


CALLBACKS = {
    "ema": lambda cfg: EMA(cfg.ema_decay),
    "best": lambda cfg: BestCheckpoint(),
    "early_stop": lambda cfg: EarlyStopping(cfg.patience),
}


def build_callbacks(cfg) -> list[Callback]:
    return [CALLBACKS[name](cfg) for name in cfg.callbacks]
