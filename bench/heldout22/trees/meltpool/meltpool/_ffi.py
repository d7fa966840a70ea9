"""cffi (ABI mode) binding of libmeltpool.so."""
from __future__ import annotations

import os
from pathlib import Path

import cffi

ffi = cffi.FFI()
ffi.cdef(
    """
    typedef struct mp_ctx mp_ctx;
    typedef struct { float x0, y0, x1, y1; float power_w; float speed_mm_s; } mp_vector;
    mp_ctx* mp_create(int device, int nx, int ny, int nz, float dx_um, const char* material);
    void mp_destroy(mp_ctx* ctx);
    int mp_scan_track(mp_ctx* ctx, const mp_vector* v, float* peak_temp_k);
    int mp_scan_layer(mp_ctx* ctx, const mp_vector* vecs, int n, float* melt_depth_um);
    int mp_load_powder_bed(mp_ctx* ctx, const char* path);
    int mp_attach_plate_image(mp_ctx* ctx, unsigned char* img, size_t n_bytes, int width, int height);
    int mp_export_melt_history(mp_ctx* ctx, const char* path);
    const char* mp_error(void);
    """
)
lib = ffi.dlopen(os.environ.get("MELTPOOL_LIB", str(Path(__file__).resolve().parent / "libmeltpool.so")))


class MeltpoolError(RuntimeError):
    pass


def check(rc: int) -> int:
    if rc < 0:
        raise MeltpoolError(ffi.string(lib.mp_error()).decode())
    return rc
