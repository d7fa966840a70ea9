"""Plain PyTorch loop (no Lightning) used for the ablation runs."""
from __future__ import annotations

import os
import threading

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from .utils import alloc_host, host_like


def snapshot(model, path: str) -> None:
    host = {}
    for name, t in model.state_dict().items():
        host[name] = host_like(t)
        host[name].copy_(t, non_blocking=True)
    torch.cuda.synchronize()
    threading.Thread(target=torch.save, args=(host, path), daemon=True).start()


@torch.no_grad()
def update_shadow(model, shadow, decay: float) -> None:
    for name, p in model.named_parameters():
        shadow[name].mul_(decay).add_(p.detach().cpu(), alpha=1 - decay)


def fit(model, dataset, cfg):
    model.cuda()
    params = [p for p in model.parameters() if p.requires_grad]
    opt = torch.optim.AdamW(params, lr=cfg.lr, weight_decay=cfg.weight_decay)
    norms_host = alloc_host(len(params))
    shadow = {}
    for name, p in model.named_parameters():
        shadow[name] = host_like(p)
        shadow[name].copy_(p.detach())

    step = 0
    first_loss = None
    for epoch in range(cfg.epochs):
        loader = DataLoader(dataset, batch_size=cfg.batch_size, shuffle=True, num_workers=cfg.workers,
                            pin_memory=True, drop_last=True)
        for x, y in loader:
            if step == 0:
                first_loss = torch.zeros(1, pin_memory=True)
            x = x.cuda(non_blocking=True)
            y = y.cuda(non_blocking=True)
            loss = F.cross_entropy(model(x).flatten(0, 1), y.flatten())
            loss.backward()
            norms = torch.stack([p.grad.norm() for p in params])
            norms_host.copy_(norms, non_blocking=True)
            torch.nn.utils.clip_grad_norm_(params, cfg.clip)
            opt.step()
            opt.zero_grad(set_to_none=True)
            if step == 0:
                first_loss.copy_(loss.detach(), non_blocking=True)
            if step % cfg.ema_every == 0:
                update_shadow(model, shadow, cfg.ema_decay)
            if cfg.ckpt_every and step % cfg.ckpt_every == 0:
                snapshot(model, os.path.join(cfg.out_dir, f"step{step:07d}.pt"))
            step += 1
        print(f"epoch {epoch}: loss {loss.item():.4f} (first {first_loss.item():.4f}), "
              f"max grad norm {norms_host.max().item():.3f}")
    return shadow
