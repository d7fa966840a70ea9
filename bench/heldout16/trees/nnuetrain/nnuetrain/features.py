"""Feature sets."""
from __future__ import annotations

import functools
from dataclasses import dataclass

import torch

PIECE_VALUES = (126, 781, 825, 1276, 2538, 0)


@dataclass(frozen=True)
class FeatureSet:
    name: str
    id: int
    num_features: int
    num_psqt_buckets: int


FEATURE_SETS = {
    "HalfKP": FeatureSet("HalfKP", 0, 64 * 641, 8),
    "HalfKAv2": FeatureSet("HalfKAv2", 1, 64 * 12 * 64, 8),
    "HalfKAv2_hm": FeatureSet("HalfKAv2_hm", 2, 32 * 11 * 64, 8),
}


@functools.cache
def psqt_init(feature_set: str) -> torch.Tensor:
    """Material-only PSQT initialisation (piece value per feature), shared by every model built
    for this feature set."""
    fs = FEATURE_SETS[feature_set]
    vals = torch.tensor([PIECE_VALUES[(f // 64) % 11 % 6] * (1 if (f // 64) % 11 < 6 else -1)
                         for f in range(fs.num_features)], dtype=torch.float32)
    return vals[:, None].expand(-1, fs.num_psqt_buckets).contiguous().pin_memory()
