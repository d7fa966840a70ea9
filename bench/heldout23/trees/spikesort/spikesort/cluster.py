from __future__ import annotations

import numpy as np
import torch


def initial_templates(recording, n_templates: int, n_channels: int, nt: int) -> np.ndarray:
    """Seed templates from the strongest events of the first few seconds."""
    head = recording.head(min(recording.n_samples, 30000 * 10))
    rng = np.random.default_rng(0)
    troughs = np.argsort(head.min(axis=0))[: n_templates * 4]
    picks = rng.choice(troughs, size=n_templates, replace=False)
    half = nt // 2
    out = np.zeros((n_templates, n_channels, nt), np.float32)
    for i, t in enumerate(picks):
        lo, hi = max(0, t - half), min(head.shape[1], t + half + 1)
        out[i, :, half - (t - lo): half + (hi - t)] = head[:, lo:hi]
    out /= np.linalg.norm(out.reshape(n_templates, -1), axis=1)[:, None, None] + 1e-6
    return out


def cluster_features(snippets: list[dict[str, torch.Tensor]], n_pc: int = 6, k: int = 64) -> np.ndarray:
    """PCA features of every staged snippet, then k-means on the GPU."""
    flat = [s.reshape(s.shape[0] * s.shape[1], -1) for batch in snippets for s in batch.values()]
    if not flat:
        return np.zeros(0, np.int32)
    n = sum(f.shape[0] for f in flat)
    feats = torch.zeros((n, n_pc), dtype=torch.float32, pin_memory=True)
    pos = 0
    basis = None
    for f in flat:
        g = f.to("cuda", non_blocking=True).float()
        if basis is None:
            _, _, v = torch.pca_lowrank(g, q=n_pc)
            basis = v
        feats[pos: pos + g.shape[0]].copy_(g @ basis, non_blocking=True)
        pos += g.shape[0]
    torch.cuda.synchronize()
    x = feats.to("cuda")
    centers = x[torch.randperm(x.shape[0], device="cuda")[:k]]
    for _ in range(25):
        labels = torch.cdist(x, centers).argmin(dim=1)
        centers = torch.stack([x[labels == j].mean(0) if (labels == j).any() else centers[j] for j in range(k)])
    return labels.cpu().numpy().astype(np.int32)
