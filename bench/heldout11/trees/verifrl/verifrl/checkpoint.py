from __future__ import annotations

import os

import torch
from safetensors.torch import save_file


def save_policy(model: torch.nn.Module, out_dir: str, step: int):
    os.makedirs(out_dir, exist_ok=True)
    host = {k: v.detach().cpu().pin_memory() for k, v in model.state_dict().items()}
    save_file(host, os.path.join(out_dir, f"policy-{step:06d}.safetensors"))
