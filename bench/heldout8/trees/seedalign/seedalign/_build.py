from cffi import FFI

ffibuilder = FFI()
ffibuilder.cdef(
    """
    typedef struct sa_index sa_index;
    sa_index* sa_index_load(const char* path);
    void sa_index_free(sa_index* idx);
    int sa_seed_batch(sa_index* idx, const char* reads, const int* offsets, int n, int k, int w, int* out_hits);
    int sa_write_sam(const char* path, const int* hits, int n);
    int sa_write_paf(const char* path, const int* hits, int n);
    """
)
ffibuilder.set_source(
    "seedalign._sa",
    '#include "sa.h"',
    include_dirs=["csrc"],
    sources=["csrc/index.c", "csrc/output.c", "csrc/kmer_cache.c"],
    extra_objects=["build/seed.o", "build/minimizer.o"],
    libraries=["cudart", "cuda"],
)

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)
