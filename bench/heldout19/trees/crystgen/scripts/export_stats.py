"""One-off: lattice-parameter statistics of the training split, for the paper's table 1."""

import json
import sys

import numpy as np
import torch


def main(path: str) -> None:
    with open(path) as fh:
        lattices = np.stack([np.asarray(json.loads(line)["lattice"], np.float32) for line in fh])
    host = torch.from_numpy(lattices).pin_memory()
    lat = host.to("cuda", non_blocking=True)
    lengths = lat.norm(dim=-1)
    vol = torch.linalg.det(lat).abs()
    print(json.dumps({
        "a_mean": lengths.mean().item(),
        "a_std": lengths.std().item(),
        "volume_median": vol.median().item(),
        "n": int(lat.shape[0]),
    }, indent=2))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "data/mp20/train.jsonl")
