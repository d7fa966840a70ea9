import json
import os

import torch
from safetensors.torch import load_file


def adapter_config(path):
    with open(os.path.join(path, "adapter_config.json")) as f:
        return json.load(f)


def load_adapter(path):
    tensors = load_file(os.path.join(path, "adapter_model.safetensors"), device="cpu")
    cfg = adapter_config(path)
    pinned = {k: v.contiguous().pin_memory() for k, v in tensors.items()}
    return cfg, pinned


def adapter_nbytes(tensors):
    return sum(t.numel() * t.element_size() for t in tensors.values())
