"""cffi (ABI mode) bindings for libhferi."""
import os

from cffi import FFI

ffi = FFI()
ffi.cdef(
    """
    typedef struct eri_engine eri_engine;
    eri_engine* eri_engine_create(int nbf, int nshell, const int* shells, const double* prims, int nprim,
                                  double screen_tol);
    void eri_engine_destroy(eri_engine* e);
    int eri_build_jk(eri_engine* e, const double* D, double* J, double* K, int nbf);
    int eri_load_basis_cache(const char* path, double** data, size_t* count);
    void eri_release_basis_cache(double* data);
    int eri_save_fock(const char* path, const double* F, int nbf);
    """
)
lib = ffi.dlopen(os.environ.get("HFERI_LIB", os.path.join(os.path.dirname(__file__), "libhferi.so")))


def dptr(a):
    return ffi.cast("double *", a.ctypes.data)
