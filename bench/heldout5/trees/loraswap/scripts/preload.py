"""Check every adapter in a directory loads and report its size (run by hand before a deploy)."""
import os
import sys

import torch

from loraswap.adapters.loader import adapter_config, adapter_nbytes


def main(root):
    total = 0
    names = sorted(os.listdir(root))
    sizes = torch.zeros(len(names), dtype=torch.int64, pin_memory=True)
    for i, name in enumerate(names):
        cfg = adapter_config(os.path.join(root, name))
        from safetensors.torch import load_file
        n = adapter_nbytes(load_file(os.path.join(root, name, "adapter_model.safetensors")))
        sizes[i] = n
        total += n
        print(f"{name:40s} r={cfg.get('r')} {n / 2**20:8.1f} MiB")
    print(f"total {total / 2**30:.2f} GiB, max {int(sizes.max()) / 2**20:.1f} MiB")


if __name__ == "__main__":
    main(sys.argv[1])
