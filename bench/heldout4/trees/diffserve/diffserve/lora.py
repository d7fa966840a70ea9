import functools
import os

import torch
from safetensors.torch import load_file


class AdapterCache:
    """LoRA adapters kept in pinned host memory; the deployment ships a handful of them."""

    def __init__(self, lora_dir):
        self.dir = lora_dir
        self._load = functools.lru_cache(maxsize=None)(self._load_uncached)

    def _load_uncached(self, name):
        sd = load_file(os.path.join(self.dir, name + ".safetensors"))
        return {k: v.pin_memory() for k, v in sd.items()}

    def _pairs(self, unet, name):
        weights = self._load(name)
        for mod_name, mod in unet.named_modules():
            a = weights.get(f"{mod_name}.lora_A")
            b = weights.get(f"{mod_name}.lora_B")
            if a is not None and b is not None:
                yield mod, a, b

    @torch.no_grad()
    def apply(self, unet, name, scale=1.0):
        for mod, a, b in self._pairs(unet, name):
            dev = mod.weight.device
            mod.weight += scale * (b.to(dev, non_blocking=True) @ a.to(dev, non_blocking=True))

    @torch.no_grad()
    def remove(self, unet, name, scale=1.0):
        self.apply(unet, name, -scale)
