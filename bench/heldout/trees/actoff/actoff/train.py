"""Train a decoder-only model with activation offloading.

    python -m actoff.train --mode op|py|arena --steps 200
"""

from __future__ import annotations

import argparse
import contextlib

import torch
import torch.nn as nn

from . import ArenaOffload, offload_activations, offload_activations_py


def make_model(d: int, layers: int) -> nn.Module:
    layer = nn.TransformerEncoderLayer(d, nhead=d // 64, dim_feedforward=4 * d, batch_first=True)
    return nn.TransformerEncoder(layer, layers).cuda()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mode", choices=["op", "py", "arena"], default="arena")
    ap.add_argument("--d-model", type=int, default=1024)
    ap.add_argument("--layers", type=int, default=12)
    ap.add_argument("--seq", type=int, default=8192)
    ap.add_argument("--steps", type=int, default=200)
    ap.add_argument("--arena-gb", type=float, default=8.0)
    args = ap.parse_args()

    model = make_model(args.d_model, args.layers)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
    arena = ArenaOffload(int(args.arena_gb * (1 << 30))) if args.mode == "arena" else None

    for step in range(args.steps):
        x = torch.randn(1, args.seq, args.d_model, device="cuda")
        if args.mode == "op":
            ctx = offload_activations()
        elif args.mode == "py":
            ctx = offload_activations_py()
        else:
            ctx = arena.step()
        with ctx:
            loss = model(x).pow(2).mean()
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)
        if step % 20 == 0:
            print(f"step {step} loss {loss.item():.4f} max mem {torch.cuda.max_memory_allocated() >> 20} MiB")


if __name__ == "__main__":
    main()
