"""Precompute scores for every possible SNV in a gene panel (run once per release)."""
import sys

import numpy as np
import torch

N_SNV = 3 * 2_000_000


def main(out_path: str):
    scores = torch.zeros((N_SNV, 3), dtype=torch.float16).pin_memory()
    # the scoring loop fills `scores` on the GPU in chunks; omitted here
    np.save(out_path, scores.numpy())


if __name__ == "__main__":
    main(sys.argv[1])
