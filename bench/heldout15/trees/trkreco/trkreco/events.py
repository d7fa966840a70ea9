from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import torch

HEADER = np.dtype([("magic", "S8"), ("version", "<u4"), ("n_events", "<u4")])


@dataclass
class Event:
    event_id: int
    hits: np.ndarray  # (n, 4): x, y, z, module
    seeds: np.ndarray | None = None
    tracks: object = None
    n_tracks: int = 0
    extra: dict = field(default_factory=dict)

    @property
    def n_hits(self) -> int:
        return int(self.hits.shape[0])

    @property
    def hits_tensor(self) -> torch.Tensor:
        """Hits as a tensor ready for a non-blocking copy to the hit classifier."""
        return torch.from_numpy(self.hits).pin_memory()


def read_events(path: str, limit: int | None = None):
    """Yield events from a flat .evt file (header, offset table, hit blocks)."""
    with open(path, "rb") as fh:
        header = np.fromfile(fh, dtype=HEADER, count=1)[0]
        if header["magic"] != b"TRKEVT01":
            raise ValueError(f"{path}: not an event file")
        n_events = int(header["n_events"])
        offsets = torch.from_numpy(np.fromfile(fh, dtype=np.int64, count=n_events + 1)).pin_memory()
        sizes = (offsets[1:] - offsets[:-1]).tolist()
        for i, n in enumerate(sizes):
            if limit is not None and i >= limit:
                return
            block = np.fromfile(fh, dtype=np.float32, count=4 * n).reshape(n, 4)
            yield Event(event_id=i, hits=block)
