from __future__ import annotations

import cupy
import numpy as np


def load_query_file(path: str, words: int) -> np.ndarray:
    """Read a packed .fps file of query fingerprints into page-locked memory."""
    raw = np.fromfile(path, dtype=np.uint64)
    if raw.size % words:
        raise ValueError(f"{path}: {raw.size} words is not a multiple of {words}")
    mem = cupy.cuda.alloc_pinned_memory(raw.nbytes)
    block = np.frombuffer(mem, dtype=np.uint64, count=raw.size).reshape(-1, words)
    block[:] = raw.reshape(-1, words)
    return block


def read_smiles(path: str) -> list[str]:
    with open(path) as fh:
        return [line.split()[0] for line in fh if line.strip() and not line.startswith("#")]
