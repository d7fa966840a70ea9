"""DLRM-style training loop over ShardReader batches."""
from __future__ import annotations

import argparse

import torch
import torch.nn.functional as F
from torch import nn

from .cache import EmbeddingCache
from .reader import NUM_DENSE, NUM_SPARSE, ShardReader


class TopMLP(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.bottom = nn.Sequential(nn.Linear(NUM_DENSE, dim), nn.ReLU())
        self.top = nn.Sequential(nn.Linear(dim * (NUM_SPARSE + 1), 512), nn.ReLU(), nn.Linear(512, 1))

    def forward(self, dense, emb):
        z = torch.cat([self.bottom(dense), emb.flatten(1)], dim=1)
        return self.top(z).squeeze(1)


def train(model, cache, reader, steps: int, lr: float, emb_lr: float):
    opt = torch.optim.Adagrad(model.parameters(), lr=lr)
    for step in range(steps):
        dense, sparse, label = reader.next_batch()
        ids = sparse.flatten()
        cache.ensure_rows(int(ids.max()) + 1)
        emb = cache.lookup(ids).requires_grad_()
        logits = model(dense, emb.view(sparse.shape[0], NUM_SPARSE, -1))
        loss = F.binary_cross_entropy_with_logits(logits, label)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        cache.apply_grad(ids, emb.grad, emb_lr)
        if step % 100 == 0:
            print(f"step {step} loss {loss.item():.4f}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("shard")
    ap.add_argument("index")
    ap.add_argument("--rows", type=int, default=1 << 22)
    ap.add_argument("--dim", type=int, default=64)
    ap.add_argument("--steps", type=int, default=10000)
    args = ap.parse_args()
    reader = ShardReader(args.shard, args.index, batch_rows=4096)
    cache = EmbeddingCache(args.rows, args.dim)
    model = TopMLP(args.dim).cuda()
    try:
        train(model, cache, reader, args.steps, lr=1e-2, emb_lr=5e-2)
    finally:
        reader.close()


if __name__ == "__main__":
    main()
