"""cffi (ABI mode) bindings to libmrr."""
import os

from cffi import FFI

ffi = FFI()
ffi.cdef(
    """
    typedef struct mrr_plan mrr_plan;
    typedef struct mrr_scratch mrr_scratch;
    int mrr_plan_create(int nx, int ny, int n_samples, float oversamp, int width, mrr_plan** out);
    void mrr_plan_destroy(mrr_plan* plan);
    int mrr_load_trajectory(mrr_plan* plan, const char* path);
    int mrr_load_noise(const char* path, int coils, float* cov_out);
    int mrr_gridding(mrr_plan* plan, const float* kdata, float* image);
    int mrr_estimate_sens(mrr_plan* plan, float* calib, int coils, size_t coil_stride, float* sens_out);
    int mrr_cg_sense(mrr_plan* plan, const float* kdata, const float* sens, int coils, int iters, float* image);
    mrr_scratch* mrr_scratch_create(size_t bytes);
    void mrr_scratch_destroy(mrr_scratch* s);
    int mrr_pin(void* ptr, size_t bytes);
    int mrr_unpin(void* ptr);
    """
)
lib = ffi.dlopen(os.environ.get("MRR_LIB", "libmrr.so"))


def fptr(arr):
    return ffi.cast("float *", ffi.from_buffer(arr))
