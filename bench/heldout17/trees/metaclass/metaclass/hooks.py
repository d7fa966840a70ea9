"""Per-batch hooks run by the pipeline after every classified batch."""
from __future__ import annotations

import numpy as np
import torch

HOOKS: dict[str, type] = {}


def hook(name: str):
    def deco(cls):
        HOOKS[name] = cls
        return cls
    return deco


class BatchHook:
    def on_batch(self, seqs: bytes, offsets: np.ndarray, taxa: np.ndarray) -> None:
        pass

    def summary(self) -> dict:
        return {}


@hook("contamination")
class ContaminationHook(BatchHook):
    """Counts reads assigned to common kit contaminants."""

    CONTAMINANTS = (9606, 10847, 1747)

    def __init__(self, cfg):
        self.hits = torch.zeros(len(self.CONTAMINANTS), dtype=torch.int64, device="cuda")

    def on_batch(self, seqs, offsets, taxa):
        mask = torch.from_numpy(taxa.astype(np.int64)).pin_memory()
        dev = mask.to("cuda", non_blocking=True)
        for i, tid in enumerate(self.CONTAMINANTS):
            self.hits[i] += (dev == tid).sum()

    def summary(self):
        return {str(t): int(h) for t, h in zip(self.CONTAMINANTS, self.hits.tolist())}


@hook("low_complexity")
class LowComplexityHook(BatchHook):
    """Flags batches dominated by homopolymer runs (a sequencing-run problem)."""

    def __init__(self, cfg):
        self._lengths: torch.Tensor | None = None
        self.flagged = 0

    def on_batch(self, seqs, offsets, taxa):
        if self._lengths is None:
            self._lengths = torch.empty(len(offsets) + 8192, dtype=torch.int32).pin_memory()
        n = min(len(offsets) - 1, self._lengths.numel())
        self._lengths[:n] = torch.from_numpy(np.diff(offsets[: n + 1]).astype(np.int32))
        if float(self._lengths[:n].float().mean()) < 40.0:
            self.flagged += 1


def build_hooks(names, cfg) -> list[BatchHook]:
    return [HOOKS[n](cfg) for n in names]
