#ifndef MT_H
#define MT_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mt_context mt_context;

int mt_context_create(mt_context** out);
void mt_context_destroy(mt_context* ctx);
int mt_quadrics_init(mt_context* ctx, const float* verts, int n_verts, const int* tris, int n_tris,
                     float** d_quadrics);
void mt_quadrics_free(float* d_quadrics);
int mt_decimate_host(mt_context* ctx, float* verts, int n_verts, const int* tris, int n_tris,
                     const float* d_quadrics, float target_ratio, int* out_tris);

#ifdef __cplusplus
}
#endif

#endif
