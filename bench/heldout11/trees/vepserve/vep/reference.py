"""Reference genome access."""
from __future__ import annotations

from functools import lru_cache
from typing import Dict, Tuple

import numpy as np
import pysam
import torch

from .settings import SETTINGS

_LUT = np.full(256, 4, dtype=np.uint8)
for _i, _b in enumerate(b"ACGT"):
    _LUT[_b] = _i
    _LUT[ord(chr(_b).lower())] = _i

_fasta = None


def fasta() -> pysam.FastaFile:
    global _fasta
    if _fasta is None:
        _fasta = pysam.FastaFile(SETTINGS.fasta)
    return _fasta


@lru_cache(maxsize=32)
def chrom_tensor(chrom: str) -> torch.Tensor:
    seq = fasta().fetch(chrom).encode()
    codes = _LUT[np.frombuffer(seq, dtype=np.uint8)]
    return torch.from_numpy(codes).pin_memory()


_WINDOWS: Dict[Tuple[str, int], torch.Tensor] = {}


def window_tensor(chrom: str, pos: int, width: int) -> torch.Tensor:
    key = (chrom, pos)
    win = _WINDOWS.get(key)
    if win is None:
        half = width // 2
        full = chrom_tensor(chrom)
        lo = max(pos - 1 - half, 0)
        win = torch.empty(width, dtype=torch.uint8, pin_memory=True)
        win.fill_(4)
        piece = full[lo: pos - 1 + half + 1]
        win[: piece.shape[0]].copy_(piece)
        _WINDOWS[key] = win
    return win
