from __future__ import annotations

from pathlib import Path

import cupy as cp
import cupyx
import numpy as np

MAGIC = b"EAJ1"


def load_couplings(path: Path, L: int) -> cp.ndarray:
    raw = np.fromfile(path, dtype=np.int8)
    header = raw[:8].tobytes()
    body = np.ascontiguousarray(raw[8:])
    cp.cuda.runtime.hostRegister(body.ctypes.data, body.nbytes, 0)
    if header[:4] != MAGIC or int.from_bytes(header[4:8], "little") != L or body.size != 3 * L ** 3:
        raise ValueError(f"{path}: not an L={L} coupling file")
    J = cp.asarray(body.reshape(L ** 3, 3))
    cp.cuda.runtime.hostUnregister(body.ctypes.data)
    return J


def record_size(L: int, replicas: int) -> int:
    return 8 + 8 * replicas + replicas * L ** 3


def stream_samples(path: Path, L: int, replicas: int):
    """Yields (sweep, energies, spins) for every record of a run's sample file."""
    rec = record_size(L, replicas)
    buf = cupyx.empty_pinned(rec, dtype=np.uint8)
    with open(path, "rb") as fh:
        while fh.readinto(memoryview(buf)) == rec:
            sweep = int.from_bytes(buf[:8].tobytes(), "little")
            energies = buf[8:8 + 8 * replicas].view(np.float64).copy()
            spins = cp.asarray(buf[8 + 8 * replicas:].view(np.int8).reshape(replicas, L ** 3))
            yield sweep, energies, spins
