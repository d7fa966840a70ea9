from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from pathlib import Path

import torch

from . import _asr

VOCAB_DIR = Path("/models/vocab")


@dataclass(frozen=True)
class VocabTable:
    pieces: list
    lengths: torch.Tensor


def load_language_model(lm_path: str, lexicon_path: str):
    """Called once by AsrServer.__init__."""
    if not lm_path:
        return None
    return _asr.load_language_model(lm_path, lexicon_path)


@functools.lru_cache(maxsize=None)
def vocab_table(model_name: str):
    """Token pieces of a model, keyed by the model's name (one per server config)."""
    pieces = json.loads((VOCAB_DIR / f"{model_name}.json").read_text())
    lengths = torch.tensor([len(p) for p in pieces], dtype=torch.int16).pin_memory()
    return VocabTable(pieces=list(pieces), lengths=lengths)
