import os

from cffi import FFI

ffi = FFI()
ffi.cdef("""
typedef struct ots_index ots_index;
typedef struct ots_ws ots_ws;
typedef struct { uint32_t guide; uint32_t chrom; uint64_t pos; uint8_t mm; float score; } ots_hit;
ots_index* ots_index_open(const char* path);
void ots_index_close(ots_index* idx);
int ots_index_build(const char* fasta, const char* out);
ots_ws* ots_ws_create(void);
void ots_ws_destroy(ots_ws* ws);
int ots_score_guides(ots_index* idx, ots_ws* ws, char* guides, int n, ots_hit* hits, int cap);
ots_hit* ots_alloc_hits(int cap);
void ots_free_hits(ots_hit* h);
int ots_write_bed(const char* path, const ots_hit* hits, int n);
""")
lib = ffi.dlopen(os.environ.get("OTS_LIB", "libots.so"))
