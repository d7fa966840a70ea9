"""cffi ABI-mode binding of libray."""
import os

from cffi import FFI

ffi = FFI()
ffi.cdef("""
typedef struct rr_ctx rr_ctx;
rr_ctx* rr_create(int n_materials, int max_tris);
void rr_destroy(rr_ctx* ctx);
int rr_load_mesh(rr_ctx* ctx, const float* tris, int n_tris, const int* mat_ids);
int rr_load_materials(rr_ctx* ctx, float* absorption, int n_materials, int n_bands);
int rr_trace_bands(rr_ctx* ctx, const float* src, int n_rays, const float* bands, int n_bands,
                   float* band_energy);
int rr_accumulate(rr_ctx* ctx, const float* rcv, float radius, int n_bins, float* hist);
int rr_export_ir(rr_ctx* ctx, const char* path, int n_bins);
""")
lib = ffi.dlopen(os.environ.get("LIBRAY", os.path.join(os.path.dirname(__file__), "libray.so")))


def fbuf(a):
    return ffi.cast("float*", ffi.from_buffer(a))
