from __future__ import annotations

import math
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import torch


class Callback:
    def on_fit_start(self, trainer) -> None:
        pass

    def on_batch_end(self, trainer, loss) -> None:
        pass

    def on_epoch_end(self, trainer, val_loss: float) -> None:
        pass

    def on_fit_end(self, trainer) -> None:
        pass


class EMACallback(Callback):
    """Exponential moving average of the weights, mirrored on the host once per epoch."""

    def __init__(self, model: torch.nn.Module, decay: float = 0.999):
        self.decay = decay
        self.host = [p.detach().to("cpu").pin_memory() for p in model.parameters()]
        self.dev = [p.detach().clone() for p in model.parameters()]

    def on_batch_end(self, trainer, loss) -> None:
        with torch.no_grad():
            for s, p in zip(self.dev, trainer.model.parameters()):
                s.mul_(self.decay).add_(p.detach(), alpha=1.0 - self.decay)

    def on_epoch_end(self, trainer, val_loss: float) -> None:
        for h, d in zip(self.host, self.dev):
            h.copy_(d, non_blocking=True)


class CheckpointCallback(Callback):
    """Snapshots the weights to pinned host tensors and writes them on a background thread."""

    def __init__(self, out_dir: Path, every: int = 1):
        self.out_dir = Path(out_dir)
        self.every = every
        self.best = math.inf
        self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ckpt")

    def on_epoch_end(self, trainer, val_loss: float) -> None:
        if trainer.epoch % self.every:
            return
        snapshot = {}
        for name, t in trainer.model.state_dict().items():
            host = torch.empty(t.shape, dtype=t.dtype, device="cpu", pin_memory=True)
            host.copy_(t, non_blocking=True)
            snapshot[name] = host
        torch.cuda.current_stream().synchronize()
        self.out_dir.mkdir(parents=True, exist_ok=True)
        self._writer.submit(torch.save, snapshot, self.out_dir / f"epoch{trainer.epoch:04d}.pt")
        if val_loss < self.best:
            self.best = val_loss
            self._writer.submit(torch.save, snapshot, self.out_dir / "best.pt")

    def on_fit_end(self, trainer) -> None:
        self._writer.shutdown(wait=True)
