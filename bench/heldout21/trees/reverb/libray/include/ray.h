#ifndef RAY_H
#define RAY_H

#ifdef __cplusplus
extern "C" {
#endif

#define RR_OK 0
#define RR_EINVAL 22

typedef struct rr_ctx rr_ctx;

rr_ctx* rr_create(int n_materials, int max_tris);
void rr_destroy(rr_ctx* ctx);
int rr_load_mesh(rr_ctx* ctx, const float* tris, int n_tris, const int* mat_ids);
int rr_load_materials(rr_ctx* ctx, float* absorption, int n_materials, int n_bands);
int rr_trace_bands(rr_ctx* ctx, const float* src, int n_rays, const float* bands, int n_bands,
                   float* band_energy);
int rr_accumulate(rr_ctx* ctx, const float* rcv, float radius, int n_bins, float* hist);
int rr_export_ir(rr_ctx* ctx, const char* path, int n_bins);

#ifdef __cplusplus
}
#endif
#endif
