#pragma once
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ga_ctx ga_ctx;

ga_ctx *ga_init(int ring_slots);
int ga_open(ga_ctx *ctx, const char *path);
int ga_sample(ga_ctx *ctx, float *depth, int ny, int nx, float *out);
int ga_write_hydrograph(ga_ctx *ctx, const float *series, int n_steps, const char *path);
int ga_n_stations(const ga_ctx *ctx);
void ga_close(ga_ctx *ctx);

#ifdef __cplusplus
}
#endif
