"""Zel'dovich initial conditions (written to the PMIC format that pm_read_ic expects)."""
from __future__ import annotations

import ctypes

import numpy as np
from numba import cuda

_cuda = ctypes.CDLL("libcuda.so.1")
_cuda.cuMemHostRegister_v2.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_uint]
_cuda.cuMemHostUnregister.argtypes = [ctypes.c_void_p]


@cuda.jit
def _displace(q, psi, growth, out):
    i = cuda.grid(1)
    if i < q.shape[0]:
        for d in range(3):
            out[i, d] = q[i, d] + growth * psi[i, d]
            out[i, 3 + d] = growth * psi[i, d]


def zeldovich(n_part_side: int, box: float, pk, growth: float, seed: int = 42) -> np.ndarray:
    rng = np.random.default_rng(seed)
    n = n_part_side
    k = 2 * np.pi * np.fft.fftfreq(n, d=box / n)
    kx, ky, kz = np.meshgrid(k, k, k[: n // 2 + 1], indexing="ij")
    k2 = kx**2 + ky**2 + kz**2
    k2[0, 0, 0] = 1.0
    delta = np.fft.rfftn(rng.normal(size=(n, n, n))) * np.sqrt(pk(np.sqrt(k2)) / box**3)
    psi = np.stack([np.fft.irfftn(1j * kk / k2 * delta, s=(n, n, n)) for kk in (kx, ky, kz)], -1).reshape(-1, 3)
    q = np.stack(np.meshgrid(*[np.arange(n) * box / n] * 3, indexing="ij"), -1).reshape(-1, 3)
    out = cuda.pinned_array((n**3, 6), dtype=np.float32)
    psi32 = np.ascontiguousarray(psi, dtype=np.float32)
    rc = _cuda.cuMemHostRegister_v2(psi32.ctypes.data, psi32.nbytes, 0)
    try:
        if rc != 0:
            raise RuntimeError(f"cuMemHostRegister failed: {rc}")
        _displace[(n**3 + 255) // 256, 256](cuda.to_device(q.astype(np.float32)), cuda.to_device(psi32), growth, out)
        cuda.synchronize()
    finally:
        if rc == 0:
            _cuda.cuMemHostUnregister(psi32.ctypes.data)
    return out


def write_ic(path: str, particles: np.ndarray) -> None:
    with open(path, "wb") as fh:
        fh.write(b"PMIC")
        fh.write(np.int64(particles.shape[0]).tobytes())
        fh.write(np.ascontiguousarray(particles, dtype=np.float32).tobytes())
