from __future__ import annotations

import torch


class Ranker:
    def __init__(self, model_path: str | None = None):
        self.mlp = torch.nn.Sequential(torch.nn.Linear(3, 16), torch.nn.ReLU(), torch.nn.Linear(16, 1)).cuda().eval()
        if model_path:
            self.mlp.load_state_dict(torch.load(model_path))

    @torch.no_grad()
    def rank(self, feats: list[tuple[float, float, float]]) -> list[float]:
        x = torch.tensor(feats, dtype=torch.float32).pin_memory()
        return self.mlp(x.cuda(non_blocking=True)).squeeze(-1).cpu().tolist()
