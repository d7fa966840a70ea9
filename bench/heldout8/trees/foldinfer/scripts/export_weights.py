"""Convert a JAX checkpoint into the torch state dict the runner loads. Run once."""
import sys

import numpy as np
import torch


def main(src, dst):
    raw = np.load(src, allow_pickle=True).item()
    state = {}
    for name, arr in raw.items():
        state[name.replace("/", ".")] = torch.from_numpy(np.asarray(arr)).pin_memory()
    torch.save({k: v.cuda(non_blocking=True).cpu() for k, v in state.items()}, dst)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
