import os

import cupyx
import numpy as np


def iter_shards(paths):
    """Stream whole shards; each shard is read into its own page-locked buffer."""
    for path in paths:
        size = os.path.getsize(path)
        buf = cupyx.zeros_pinned((size,), dtype=np.uint8)
        with open(path, "rb") as f:
            f.readinto(memoryview(buf))
        yield path, buf


def iter_records(paths, record_bytes):
    """Endless stream of fixed-size records through one reused pinned buffer."""
    buf = cupyx.empty_pinned((record_bytes,), dtype=np.uint8)
    while True:
        for path in paths:
            with open(path, "rb") as f:
                while f.readinto(memoryview(buf)) == record_bytes:
                    yield buf
