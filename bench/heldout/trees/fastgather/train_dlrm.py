"""Minimal DLRM-style training loop on synthetic click logs, fed by fastgather."""

import argparse

import torch
import torch.nn as nn

from fastgather import EmbeddingFeeder


def synthetic_batches(n_batches: int, batch: int, n_dense: int, n_ids: int, vocab: int):
    g = torch.Generator().manual_seed(0)
    for _ in range(n_batches):
        dense = torch.randn(batch, n_dense, generator=g)
        ids = torch.randint(0, vocab, (batch * n_ids,), generator=g)
        labels = torch.randint(0, 2, (batch,), generator=g).float()
        yield dense, ids, labels


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--vocab", type=int, default=5_000_000)
    ap.add_argument("--dim", type=int, default=64)
    ap.add_argument("--batch", type=int, default=4096)
    ap.add_argument("--ids-per-sample", type=int, default=26)
    ap.add_argument("--steps", type=int, default=1000)
    args = ap.parse_args()

    table = torch.randn(args.vocab, args.dim)
    feeder = EmbeddingFeeder(table, args.batch * args.ids_per_sample)
    mlp = nn.Sequential(nn.Linear(13 + args.ids_per_sample * args.dim, 256), nn.ReLU(), nn.Linear(256, 1)).cuda()
    opt = torch.optim.Adagrad(mlp.parameters(), lr=0.01)
    loss_fn = nn.BCEWithLogitsLoss()

    batches = synthetic_batches(args.steps, args.batch, 13, args.ids_per_sample, args.vocab)
    for step, b in enumerate(feeder.feed(batches)):
        emb = b.sparse_rows.view(args.batch, -1)
        logits = mlp(torch.cat([b.dense, emb], dim=1)).squeeze(1)
        loss = loss_fn(logits, b.labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 100 == 0:
            print(f"step {step}: loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
