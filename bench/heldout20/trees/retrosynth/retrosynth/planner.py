from __future__ import annotations

import torch

from .fingerprints import guess_arity, morgan_on_bits
from .templates import MAX_ARITY, template_mask


class Planner:
    """One-step expansion: the k most likely templates for a target product."""

    def __init__(self, model, templates: list[dict], stock_fps: torch.Tensor, stock_index: torch.Tensor,
                 fp_bits: int = 2048):
        self.model = model.eval()
        self.templates = templates
        self.stock_fps = stock_fps
        self.stock_index = stock_index
        self.fp_bits = fp_bits

    def _featurize(self, smiles: str) -> torch.Tensor:
        bits = torch.from_numpy(morgan_on_bits(smiles, self.fp_bits))
        return torch.cat([torch.zeros(1, dtype=torch.long), bits]).pin_memory()

    @torch.inference_mode()
    def score_packed(self, packed: torch.Tensor, batch_size: int, arity: torch.Tensor) -> torch.Tensor:
        return self.model(packed, batch_size, arity).softmax(-1)

    @torch.inference_mode()
    def suggest(self, smiles: str, k: int = 10) -> list[dict]:
        packed = self._featurize(smiles)
        arity = guess_arity(smiles)
        probs = self.score_packed(packed, 1, torch.tensor([arity]))[0]
        mask = template_mask(self.model.n_templates, MAX_ARITY).to(probs.device, non_blocking=True)
        probs = probs.masked_fill(~mask[arity], 0.0)
        top = probs.topk(min(k, probs.numel()))
        return [
            {"template": self.templates[i]["smarts"], "id": self.templates[i]["id"], "p": float(p)}
            for p, i in zip(top.values.tolist(), top.indices.tolist())
        ]
