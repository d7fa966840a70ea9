from __future__ import annotations

from pathlib import Path

import cupyx
import numpy as np


def iter_candidates(files: list[Path], min_snr: float = 8.0):
    """Yield (file, dm, snr, width) from candidate files, through one pinned staging array."""
    stage = cupyx.empty_pinned((1 << 16, 4), dtype=np.float32)
    for p in files:
        raw = np.fromfile(p, dtype=np.float32).reshape(-1, 4)
        for off in range(0, raw.shape[0], stage.shape[0]):
            n = min(stage.shape[0], raw.shape[0] - off)
            stage[:n] = raw[off:off + n]
            for dm, snr, w, _ in stage[:n]:
                if snr >= min_snr:
                    yield p.name, float(dm), float(snr), int(w)
