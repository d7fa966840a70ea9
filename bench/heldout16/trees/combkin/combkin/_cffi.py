"""ABI-mode cffi binding of libchemhip."""
from __future__ import annotations

import os
from pathlib import Path

from cffi import FFI

ffi = FFI()
ffi.cdef(
    """
    typedef struct ck_context ck_context;
    ck_context* ck_create(int n_cells_max);
    void ck_destroy(ck_context* ctx);
    int ck_load_mechanism(ck_context* ctx, const char* path);
    int ck_n_species(const ck_context* ctx);
    int ck_register_state(ck_context* ctx, double* state, size_t n_cells);
    int ck_unregister_state(ck_context* ctx);
    int ck_integrate_registered(ck_context* ctx, size_t n_cells, double dt);
    int ck_integrate_pageable(ck_context* ctx, double* state, size_t n_cells, double dt);
    int ck_ignition_delay_table(ck_context* ctx, const double* temps, size_t n_temps, double pressure,
                                double* tau_out);
    int ck_write_species_budget(ck_context* ctx, const char* path);
    const char* ck_error(void);
    """
)
lib = ffi.dlopen(os.environ.get("COMBKIN_CHEMHIP", str(Path(__file__).with_name("libchemhip.so"))))


def check(rc: int, what: str) -> None:
    if rc != 0:
        raise RuntimeError(f"{what}: {ffi.string(lib.ck_error()).decode()} (rc={rc})")


def dptr(arr):
    return ffi.cast("double*", arr.ctypes.data)
