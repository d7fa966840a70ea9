import ctypes

import numpy as np

from micromag._ffi import check, ffi, fptr, lib
from micromag.pinning import hip


def _ctx(n=8):
    p = ffi.new("mm_params*", {"nx": n, "ny": n, "nz": 1, "dx": 2e-9, "dy": 2e-9, "dz": 2e-9,
                               "Ms": 8e5, "Aex": 1.3e-11, "alpha": 0.5, "Ku1": 0.0})
    return lib.mm_create(p)


def test_thin_film_demag_opposes_mz():
    ctx = _ctx()
    try:
        h = np.zeros(3 * 64, np.float32)
        check(lib.mm_demag_field(ctx, fptr(h)))
        assert (h[2::3] < 0).all()
    finally:
        lib.mm_destroy(ctx)


def test_hip_host_malloc_roundtrip():
    p = ctypes.c_void_p()
    assert hip.hipHostMalloc(ctypes.byref(p), 4096, 0) == 0
    ctypes.memset(p, 0x5A, 4096)
    assert ctypes.string_at(p, 1) == b"Z"
    assert hip.hipHostFree(p) == 0
