"""cffi (ABI mode) binding of libllg."""

from __future__ import annotations

import os
from pathlib import Path

from cffi import FFI

ffi = FFI()
ffi.cdef(
    """
    typedef struct mm_ctx mm_ctx;
    typedef struct {
        int nx, ny, nz;
        float dx, dy, dz;
        float Ms;
        float Aex;
        float alpha;
        float Ku1;
    } mm_params;

    mm_ctx* mm_create(const mm_params* p);
    void mm_destroy(mm_ctx* ctx);
    int mm_load_geometry(mm_ctx* ctx, const char* path);
    int mm_set_magnetisation(mm_ctx* ctx, const float* m);
    int mm_get_magnetisation(mm_ctx* ctx, float* m);
    int mm_step(mm_ctx* ctx, double dt, const float* h_ext);
    int mm_demag_field(mm_ctx* ctx, float* h_out);
    int mm_save_ovf(mm_ctx* ctx, const char* path, double t);
    int mm_sweep_field(mm_ctx* ctx, const float* fields, int n_fields, int relax_steps, float* mz_out);
    int mm_energy_report(mm_ctx* ctx, const char* path);
    const char* mm_strerror(int code);
    """
)

lib = ffi.dlopen(os.environ.get("MICROMAG_LIBLLG", str(Path(__file__).with_name("libllg.so"))))


class LLGError(RuntimeError):
    pass


def check(rc: int) -> None:
    if rc != 0:
        raise LLGError(ffi.string(lib.mm_strerror(rc)).decode())


def fptr(arr):
    """float* view of a C-contiguous float32 numpy array."""
    return ffi.cast("float*", arr.ctypes.data)
