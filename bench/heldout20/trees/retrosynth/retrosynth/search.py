"""Offline batch expansion of a target list (used to pre-compute route-search priors)."""

from __future__ import annotations

from typing import Iterator

import torch

from .fingerprints import guess_arity, morgan_on_bits

MAX_ON_BITS = 192


def beam_batches(targets: list[str], fp_bits: int, batch: int) -> Iterator[tuple[list[str], torch.Tensor, torch.Tensor]]:
    """Yields (smiles, packed on-bits, arity) per chunk; the packed tensor is a view of one staging block."""
    staging = torch.empty(batch * (MAX_ON_BITS + 1), dtype=torch.long, pin_memory=True)
    for start in range(0, len(targets), batch):
        chunk = targets[start:start + batch]
        offsets, flat = [], []
        for smi in chunk:
            offsets.append(len(flat))
            flat.extend(morgan_on_bits(smi, fp_bits)[:MAX_ON_BITS].tolist())
        n = len(chunk) + len(flat)
        staging[:n] = torch.tensor(offsets + flat, dtype=torch.long)
        arity = torch.tensor([guess_arity(s) for s in chunk])
        yield chunk, staging[:n], arity
