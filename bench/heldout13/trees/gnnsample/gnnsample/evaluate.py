from __future__ import annotations

import torch

from .data import SubgraphCollator, make_loader


class Evaluator:
    def __init__(self, trainer):
        self.t = trainer

    @torch.no_grad()
    def evaluate(self, split: str) -> float:
        t = self.t
        t.model.eval()
        loader = make_loader(t.splits[split], SubgraphCollator(t.sampler, t.store, t.labels), 4096, False, 2)
        correct = total = 0
        for block, x, y in loader:
            out = t.model(block, x.cuda(non_blocking=True).float())
            pred = out[: y.numel()].argmax(-1).cpu()
            correct += int((pred == y).sum())
            total += y.numel()
        t.model.train()
        return correct / max(total, 1)

    @torch.no_grad()
    def layerwise_embed(self, full_x: torch.Tensor) -> torch.Tensor:
        """Full-neighbourhood inference one layer at a time, activations kept on the host."""
        model = self.t.model
        x = full_x
        n = x.shape[0]
        for li, conv in enumerate(model.convs):
            out = torch.empty((n, conv.out_channels), dtype=torch.float16, pin_memory=True)
            for chunk in torch.arange(n).split(1 << 16):
                block = self.t.sampler.sample(chunk)
                h = x[block.n_id].cuda(non_blocking=True).float()
                rowptr, col, n_dst = block.adjs_for_layers()[0]
                h = conv(h, rowptr, col, n_dst)
                if li < len(model.convs) - 1:
                    h = torch.relu(h)
                out[chunk].copy_(h.half(), non_blocking=True)
            torch.cuda.synchronize()
            x = out
        return x

    def accuracy(self, emb: torch.Tensor, split: str) -> float:
        idx = self.t.splits[split]
        return float((emb[idx].float().argmax(-1) == self.t.labels[idx]).float().mean())
