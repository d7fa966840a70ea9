"""One-shot: convert a sensor distance CSV into the normalised adjacency used for training."""
import sys

import numpy as np
import pandas as pd
import torch


def main(csv_path, out_path, sigma_scale=0.1):
    df = pd.read_csv(csv_path)
    ids = sorted(set(df["from"]) | set(df["to"]))
    pos = {s: i for i, s in enumerate(ids)}
    dist = torch.full((len(ids), len(ids)), float("inf"), pin_memory=True)
    for a, b, d in df[["from", "to", "cost"]].itertuples(index=False):
        dist[pos[a], pos[b]] = d
    finite = dist[torch.isfinite(dist)]
    sigma = finite.std() * (1 + sigma_scale)
    adj = torch.exp(-(dist / sigma) ** 2)
    np.save(out_path, adj.numpy())


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
