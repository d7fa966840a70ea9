#pragma once
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sl_ctx sl_ctx;

sl_ctx *sl_init(int max_layers);
void sl_destroy(sl_ctx *ctx);
int sl_load_profile(sl_ctx *ctx, const float *coeffs, int n);
int sl_slice_layers(sl_ctx *ctx, const float *tris, size_t n_tris, float z0, float dz, int n_layers,
                    uint32_t *seg_counts);
int sl_offset_perimeters(sl_ctx *ctx, const float *loops, const int *loop_len, int n_loops, float width,
                         float *out);

#ifdef __cplusplus
}
#endif
