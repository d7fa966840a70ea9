"""cffi (ABI mode) declarations of libwindwake."""
from cffi import FFI

ffi = FFI()
ffi.cdef("""
    typedef struct ww_ctx ww_ctx;
    ww_ctx* ww_init(int nx, int ny, int nz, int n_inflow_planes);
    void ww_finalize(ww_ctx* ctx);
    int ww_advance(ww_ctx* ctx, double dt);
    int ww_load_inflow_window(ww_ctx* ctx, const char* dir, int step);
    int ww_load_terrain(ww_ctx* ctx, const char* path);
    int ww_read_layout(const char* path, float* xyz, int max_turbines);
    float* ww_blade_buffer(int n_blades, int n_points);
    void ww_free_host(float* p);
    int ww_apply_forces(ww_ctx* ctx, const float* forces, int n_points, const float* hub);
    int ww_probe(ww_ctx* ctx, const float* xyz, int n, float* out);
    int ww_sample_plane(ww_ctx* ctx, int axis, int index, float* out);
    int ww_write_plane(ww_ctx* ctx, const char* path, int axis, int index, float* host_plane);
    void* ww_wake_create(int ny, int nz);
    void ww_wake_deficit(void* wake, const double* xyz, const double* ct, int n, double x_plane, double* out);
    void ww_wake_destroy(void* wake);
""")


def load_lib(path: str):
    return ffi.dlopen(path)
