"""Two-tower retrieval training with a cached item-embedding table."""

import argparse
import ctypes

import numpy as np
import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset

from . import cudart
from .table import EmbeddingCache


class QueryTower(torch.nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.emb = torch.nn.EmbeddingBag(vocab, dim, mode="mean")
        self.mlp = torch.nn.Sequential(torch.nn.Linear(dim, dim), torch.nn.ReLU(), torch.nn.Linear(dim, dim))

    def forward(self, tokens, offsets):
        return F.normalize(self.mlp(self.emb(tokens, offsets)), dim=-1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--items", required=True, help="item table .npy [N, D] float32")
    ap.add_argument("--pairs", required=True, help="(query_token, item_id) pairs .npy")
    ap.add_argument("--cache-rows", type=int, default=1 << 20)
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--batch-size", type=int, default=4096)
    ap.add_argument("--snapshot", default="")
    args = ap.parse_args()

    cache = EmbeddingCache(args.items, args.cache_rows)
    if args.snapshot:
        cache.load(args.snapshot)
    pairs = torch.from_numpy(np.load(args.pairs))
    loader = DataLoader(TensorDataset(pairs), batch_size=args.batch_size, shuffle=True, drop_last=True,
                        num_workers=4, pin_memory=True)
    q = QueryTower(1 << 18, cache.dim).cuda()
    opt = torch.optim.Adam(q.parameters(), lr=1e-3)
    prefetch_stream = torch.cuda.Stream()

    for epoch in range(args.epochs):
        it = iter(loader)
        nxt = next(it)
        for step in range(len(loader) - 1):
            (batch,) = nxt
            (nxt,) = next(it)
            next_items = np.ascontiguousarray(nxt[:, 1].numpy())
            # Register the next batch's ids so the prefetch copy can run async on its stream.
            cudart.cudaHostRegister(next_items.ctypes.data, next_items.nbytes, 0)
            try:
                upcoming = cache.prefetch(next_items, prefetch_stream)
            finally:
                cudart.cudaHostUnregister(next_items.ctypes.data)

            tokens = batch[:, 0].cuda(non_blocking=True)
            items = cache.lookup(batch[:, 1].numpy())
            qv = q(tokens, torch.arange(len(tokens), device="cuda"))
            logits = qv @ F.normalize(items, dim=-1).t() / 0.05
            loss = F.cross_entropy(logits, torch.arange(len(tokens), device="cuda"))
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            nxt = (nxt,)
            del upcoming
        print(f"epoch {epoch}: loss {loss.item():.4f}")
    if args.snapshot:
        cache.save(args.snapshot)
    cache.close()


if __name__ == "__main__":
    main()
