"""Per-category reward offsets published with every model revision."""
from __future__ import annotations

import json
from pathlib import Path

import torch

_BIAS: dict[tuple[str, str], torch.Tensor] = {}


def category_bias(model: str, revision: str) -> torch.Tensor:
    key = (model, revision)
    if key not in _BIAS:
        table = json.loads((Path("bias") / model.replace("/", "__") / f"{revision}.json").read_text())
        _BIAS[key] = torch.tensor(table["offsets"], dtype=torch.float32).pin_memory()
    return _BIAS[key]
