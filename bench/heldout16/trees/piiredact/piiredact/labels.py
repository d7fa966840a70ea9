"""BIO label scheme and per-request type filters."""
from __future__ import annotations

import functools

import torch

TYPES = ("NAME", "DATE", "AGE", "ID", "LOCATION", "CONTACT", "PROFESSION")
TAGS = ("O",) + tuple(f"{p}-{t}" for t in TYPES for p in ("B", "I"))
TAG2ID = {t: i for i, t in enumerate(TAGS)}


def tag_type(tag_id: int) -> str | None:
    tag = TAGS[tag_id]
    return None if tag == "O" else tag[2:]


@functools.lru_cache(maxsize=128)
def keep_mask(keep_types: tuple[str, ...]) -> torch.Tensor:
    """1 for tags whose entity type the client asked to keep (not redact)."""
    m = torch.tensor([tag_type(i) in keep_types for i in range(len(TAGS))], dtype=torch.bool)
    return m.pin_memory()
