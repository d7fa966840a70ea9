from __future__ import annotations

import torch
import torch.nn.functional as F


def rank_candidates(q: torch.Tensor, angle: torch.Tensor, width: torch.Tensor, k: int,
                    min_quality: float = 0.35, min_dist: int = 4) -> list[torch.Tensor]:
    """Top-k local maxima of the grasp-quality map as (row, col, angle, width) on the host."""
    pooled = F.max_pool2d(q[None, None], 2 * min_dist + 1, stride=1, padding=min_dist)[0, 0]
    peaks = (q == pooled) & (q > min_quality)
    scores = torch.where(peaks, q, torch.zeros_like(q)).flatten()
    top = torch.topk(scores, k).indices
    out = []
    for idx in top.tolist():
        r, c = divmod(idx, q.shape[1])
        g = torch.zeros(4, pin_memory=True)
        g.copy_(torch.stack([torch.tensor(float(r), device=q.device), torch.tensor(float(c), device=q.device),
                             angle[r, c], width[r, c]]), non_blocking=True)
        out.append(g)
    torch.cuda.current_stream().synchronize()
    return [g for g in out if g[3] > 0]
