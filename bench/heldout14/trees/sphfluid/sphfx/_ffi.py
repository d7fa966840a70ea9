import os

from cffi import FFI

ffi = FFI()
ffi.cdef("""
typedef struct sph_ctx sph_ctx;
sph_ctx* sph_create(size_t cap);
void sph_destroy(sph_ctx* c);
int sph_emit(sph_ctx* c, float* particles, size_t n);
int sph_step(sph_ctx* c, float dt);
int sph_rebuild_grid(sph_ctx* c, int chunks);
float* sph_prepare_readback(sph_ctx* c);
int sph_probe_heights(sph_ctx* c, const float* probes, int nprobe, float* out);
int sph_write_bgeo(sph_ctx* c, const char* path);
int sph_load_sdf(const char* path, float** sdf, int* dims);
void sph_write_vdb_stub(sph_ctx* c, const char* path);
""")
lib = ffi.dlopen(os.environ.get("SPH_LIB", "libsph.so"))
