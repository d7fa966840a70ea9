from __future__ import annotations

from typing import List

import torch

from .encode import encode_sequences
from .model import Predictor
from .plugins import Plugin

ALT = {"A": 0, "C": 1, "G": 2, "T": 3}


def prepare_alt_batch(variants: List[dict]) -> torch.Tensor:
    idx = torch.tensor([ALT[v["alt"]] for v in variants], dtype=torch.uint8)
    return idx.pin_memory()


class VariantService:
    def __init__(self, predictor: Predictor, plugins: List[Plugin], width: int):
        self.predictor = predictor
        self.plugins = plugins
        self.width = width

    def score_variants(self, variants: List[dict]) -> List[dict]:
        ref = encode_sequences(variants, self.width)
        alt = prepare_alt_batch(variants)
        feats = [p.annotate(variants) for p in self.plugins]
        extra = torch.stack(feats, 0).mean(0)
        scores = self.predictor.predict(ref, alt, extra)
        return [
            {"id": v.get("id"), "benign": float(s[0]), "splice": float(s[1]), "lof": float(s[2])}
            for v, s in zip(variants, scores)
        ]
