from __future__ import annotations

import gzip
from pathlib import Path
from typing import Iterator

import numpy as np

PAIR_DTYPE = np.dtype([("chrom1", "U8"), ("pos1", np.int64), ("chrom2", "U8"), ("pos2", np.int64)])


class PairsReader:
    """Streams a 4DN .pairs(.gz) file in chunks of `chunk_rows` valid intra/inter contacts."""

    def __init__(self, path: Path, chunk_rows: int):
        self.path = Path(path)
        self.chunk_rows = chunk_rows

    def _open(self):
        return gzip.open(self.path, "rt") if self.path.suffix == ".gz" else open(self.path)

    def chunks(self) -> Iterator[np.ndarray]:
        buf = np.empty(self.chunk_rows, PAIR_DTYPE)
        n = 0
        with self._open() as fh:
            for line in fh:
                if line.startswith("#"):
                    continue
                f = line.split("\t")
                buf[n] = (f[1], int(f[2]), f[3], int(f[4]))
                n += 1
                if n == self.chunk_rows:
                    yield buf.copy()
                    n = 0
        if n:
            yield buf[:n].copy()
