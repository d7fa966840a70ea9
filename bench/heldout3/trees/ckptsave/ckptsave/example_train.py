"""Minimal training loop showing the intended use: async snapshots every N steps, offloaded Adam moments."""

import argparse

import torch
import torch.nn as nn

from .async_saver import AsyncCheckpointer
from .offload import OptimizerOffloader
from .resume import load_for_resume


def build_model(width, depth):
    layers = []
    for _ in range(depth):
        layers += [nn.Linear(width, width), nn.GELU()]
    return nn.Sequential(*layers, nn.Linear(width, 1)).cuda()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--save-dir", default="ckpt")
    ap.add_argument("--steps", type=int, default=10_000)
    ap.add_argument("--save-every", type=int, default=500)
    ap.add_argument("--offload", action="store_true")
    args = ap.parse_args()

    model = build_model(4096, 8)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
    saver = AsyncCheckpointer(args.save_dir)
    offloader = OptimizerOffloader(opt) if args.offload else None
    start = load_for_resume(args.save_dir, model, opt)

    for step in range(start, args.steps):
        x = torch.randn(64, 4096, device="cuda")
        loss = model(x).pow(2).mean()
        opt.zero_grad(set_to_none=True)
        loss.backward()
        if offloader is not None:
            offloader.reload()
        opt.step()
        if offloader is not None:
            norm = offloader.grad_norm(model.parameters())
            offloader.offload()
            if step % 100 == 0:
                print(f"step {step} loss {loss.item():.4f} |g| {norm.item():.3f}")
        if step % args.save_every == 0 and step > start:
            if offloader is not None:
                offloader.reload()
            saver.save(step, model, opt)
            if offloader is not None:
                offloader.offload()
    saver.wait()


if __name__ == "__main__":
    main()
