"""Callbacks: weight clipping after every step, .nnue serialization after every epoch."""
from __future__ import annotations

import struct
from pathlib import Path

import torch


class Callback:
    def on_train_batch_end(self, trainer, step: int, loss_slot: torch.Tensor) -> None:
        pass

    def on_epoch_end(self, trainer, epoch: int) -> None:
        pass


class WeightClipper(Callback):
    """Keeps the layer-stack weights inside the int8 quantization range."""

    def on_train_batch_end(self, trainer, step, loss_slot):
        with torch.no_grad():
            for lin in (trainer.model.stacks.l1, trainer.model.stacks.l2):
                lin.weight.clamp_(-127 / 64, 127 / 64)


class NnueSerializer(Callback):
    """Quantizes the feature transformer to int16 and writes the engine's .nnue file."""

    def __init__(self, out_dir: str, every: int = 1):
        self.out = Path(out_dir)
        self.out.mkdir(parents=True, exist_ok=True)
        self.every = every

    def on_epoch_end(self, trainer, epoch):
        if epoch % self.every:
            return
        ft = trainer.model.ft
        w = (ft.weight.detach() * 255).round().clamp(-32768, 32767).to(torch.int16)
        host = torch.empty(w.shape, dtype=torch.int16, pin_memory=True)
        host.copy_(w, non_blocking=True)
        torch.cuda.current_stream().synchronize()
        with open(self.out / f"nn-epoch{epoch:04d}.nnue", "wb") as fh:
            fh.write(struct.pack("<II", 0x7AF32F20, w.numel()))
            fh.write(host.numpy().tobytes())
