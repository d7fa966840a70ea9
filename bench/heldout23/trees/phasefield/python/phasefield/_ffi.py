"""cffi (ABI mode) bindings of libpf."""
from __future__ import annotations

import os
from pathlib import Path

from cffi import FFI

ffi = FFI()
ffi.cdef(
    """
    typedef struct pf_sim pf_sim;
    pf_sim* pf_create(int nx, int ny, float dx, float dt, float undercooling, float anisotropy);
    void pf_destroy(pf_sim* s);
    const char* pf_last_error(void);
    int pf_step(pf_sim* s, int n_steps);
    int pf_snapshot(pf_sim* s, float* phi_out, float* temp_out);
    int pf_seed_nuclei(pf_sim* s, const float* centers_xy, const float* radii, int n);
    float pf_tip_radius(pf_sim* s);
    int pf_write_vtk(pf_sim* s, const char* path);
    int pf_attach_field(pf_sim* s, float* orientation, size_t n);
    int pf_dump_checkpoint(pf_sim* s, const char* path);
    """
)
lib = ffi.dlopen(os.environ.get("LIBPF", str(Path(__file__).resolve().parents[2] / "build" / "libpf.so")))


class PfError(RuntimeError):
    pass


def check(rc: int, what: str) -> None:
    if rc != 0:
        raise PfError(f"{what}: {ffi.string(lib.pf_last_error()).decode(errors='replace')} (rc={rc})")


def fptr(arr):
    """float* view of a contiguous float32 numpy array."""
    return ffi.cast("float *", ffi.from_buffer(arr))
