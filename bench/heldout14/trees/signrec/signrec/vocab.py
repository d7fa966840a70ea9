from __future__ import annotations

import functools

import torch


@functools.lru_cache(maxsize=2)
def gloss_vocab(path: str) -> tuple[dict[str, int], torch.Tensor]:
    words = [w.strip() for w in open(path) if w.strip()]
    idx = {w: i + 1 for i, w in enumerate(words)}
    lengths = torch.tensor([len(w) for w in words], dtype=torch.int16).pin_memory()
    return idx, lengths
