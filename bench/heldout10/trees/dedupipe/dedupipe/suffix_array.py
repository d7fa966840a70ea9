"""Exact-substring dedup: a suffix array over the whole token stream (prefix doubling)."""
from __future__ import annotations

import cupy as cp
import numpy as np


def build_suffix_array(tokens: np.ndarray) -> np.ndarray:
    n = tokens.size
    rank = cp.asarray(tokens.astype(np.int64))
    sa = cp.arange(n, dtype=cp.int64)
    k = 1
    while k < n:
        key2 = cp.where(sa + k < n, rank[cp.minimum(sa + k, n - 1)], -1)
        order = cp.lexsort(cp.stack([key2, rank[sa]]))
        sa = sa[order]
        r0, r1 = rank[sa], cp.where(sa + k < n, rank[cp.minimum(sa + k, n - 1)], -1)
        new = cp.concatenate([cp.zeros(1, dtype=cp.int64), cp.cumsum((r0[1:] != r0[:-1]) | (r1[1:] != r1[:-1]))])
        rank = cp.empty_like(rank)
        rank[sa] = new
        if int(new[-1]) == n - 1:
            break
        k *= 2
    mem = cp.cuda.alloc_pinned_memory(n * 8)
    host = np.frombuffer(mem, dtype=np.int64, count=n)
    sa.get(out=host)
    return host


def repeated_spans(tokens: np.ndarray, sa: np.ndarray, min_len: int = 50) -> list[tuple[int, int]]:
    spans = []
    for a, b in zip(sa[:-1], sa[1:]):
        l = 0
        while a + l < tokens.size and b + l < tokens.size and tokens[a + l] == tokens[b + l] and l < 10 * min_len:
            l += 1
        if l >= min_len:
            spans.append((int(max(a, b)), int(max(a, b) + l)))
    return spans
