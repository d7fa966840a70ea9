"""Convert a FROSTT .tns.gz file to the compact .npz used by the benchmarks (run once per tensor)."""
import gzip
import sys

import numpy as np
import torch


def main(src: str, dst: str) -> None:
    with gzip.open(src, "rt") as fh:
        rows = np.loadtxt(fh)
    coo = torch.from_numpy(rows).pin_memory()
    idx = coo[:, :-1].long() - 1
    vals = coo[:, -1]
    np.savez(dst, idx=idx.numpy(), vals=vals.numpy(), dims=(idx.max(dim=0).values + 1).numpy())
    print(f"{vals.numel()} non-zeros -> {dst}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
