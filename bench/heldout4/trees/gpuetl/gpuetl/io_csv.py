import cupy as cp
import cupyx
import numpy as np

from .column import Column
from .frame import DataFrame


def _parse_chunk(dev_bytes, schema):
    """Delimiter scan + numeric parse on the device (kernels elided)."""
    lines = cp.nonzero(dev_bytes == ord("\n"))[0]
    cols = []
    for i, (name, dtype) in enumerate(schema):
        cols.append(Column(name, cp.zeros(lines.shape[0], dtype=dtype)))
    return DataFrame(cols)


def read_csv_chunks(path, schema, chunk_bytes=64 << 20):
    """Yield DataFrames from a large CSV; one pinned buffer is reused for every chunk."""
    buf = cupyx.empty_pinned((chunk_bytes,), dtype=np.uint8)
    carry = 0
    with open(path, "rb") as f:
        while True:
            n = f.readinto(memoryview(buf)[carry:])
            if n == 0 and carry == 0:
                break
            end = carry + n
            cut = int(np.flatnonzero(buf[:end] == ord("\n"))[-1]) + 1 if n else end
            yield _parse_chunk(cp.asarray(buf[:cut]), schema)
            carry = end - cut
            buf[:carry] = buf[cut:end]
            if n == 0:
                break


def read_csv_small_files(paths, schema):
    frames = []
    for p in paths:
        with open(p, "rb") as f:
            raw = f.read()
        host = cupyx.zeros_pinned((len(raw),), dtype=np.uint8)
        host[:] = np.frombuffer(raw, dtype=np.uint8)
        frames.append(_parse_chunk(cp.asarray(host), schema))
    return DataFrame.concat(frames)
