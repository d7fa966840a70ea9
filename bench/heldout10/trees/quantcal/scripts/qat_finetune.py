"""Short quantisation-aware fine-tune: swap linears for QATLinear and train a few hundred steps."""
from __future__ import annotations

import argparse

import torch
from torch import nn
from transformers import AutoModelForCausalLM

from quantcal.config import CalibConfig
from quantcal.data import build_calib_loader
from quantcal.quant.ste import CLIP_LOG, QATLinear


def swap_linears(model: nn.Module, bits: int, group_size: int) -> None:
    for name, mod in list(model.named_modules()):
        if isinstance(mod, nn.Linear) and "lm_head" not in name:
            parent, _, child = name.rpartition(".")
            setattr(model.get_submodule(parent), child, QATLinear(mod, bits, group_size))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="meta-llama/Llama-2-7b-hf")
    ap.add_argument("--steps", type=int, default=300)
    ap.add_argument("--lr", type=float, default=1e-5)
    args = ap.parse_args()

    cfg = CalibConfig(model=args.model, n_samples=args.steps * 8, seq_len=1024)
    model = AutoModelForCausalLM.from_pretrained(cfg.model, torch_dtype=torch.bfloat16).cuda()
    swap_linears(model, cfg.bits, cfg.group_size)
    opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=args.lr)
    loader = build_calib_loader(cfg)
    for step, batch in enumerate(loader):
        ids = batch["input_ids"].cuda(non_blocking=True)
        loss = model(ids, labels=ids).loss
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)
        if step % 50 == 0:
            clipped = torch.cat(CLIP_LOG[-200:]).mean().item() if CLIP_LOG else 0.0
            print(f"step {step} loss {loss.item():.4f} clipped {clipped:.4f}")
        if step + 1 >= args.steps:
            break


if __name__ == "__main__":
    main()
