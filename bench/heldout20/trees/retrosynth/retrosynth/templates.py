from __future__ import annotations

import json
from functools import lru_cache

import torch

MAX_ARITY = 3


def load_templates(path: str) -> list[dict]:
    with open(path) as fh:
        rows = json.load(fh)
    # The C++ op assumes templates are sorted by reactant count.
    rows.sort(key=lambda r: (r["n_reactants"], r["id"]))
    return rows


@lru_cache(maxsize=8)
def template_mask(n_templates: int, max_arity: int = MAX_ARITY) -> torch.Tensor:
    """Row a (1-based arity) marks the templates with exactly a reactants."""
    mask = torch.zeros((max_arity + 1, n_templates), dtype=torch.bool, pin_memory=True)
    bounds = torch.ops.retro.pack_templates(torch.arange(max_arity + 1), n_templates)
    for a in range(1, max_arity + 1):
        lo, hi = int(bounds[a, 0]), int(bounds[a, 1])
        mask[a, lo:hi] = True
    return mask
