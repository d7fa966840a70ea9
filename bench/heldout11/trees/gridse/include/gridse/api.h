#pragma once
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct se_context se_context;

enum { SE_OK = 0, SE_ENOMEM = 1, SE_EBADFILE = 2, SE_ECUDA = 3, SE_EDIVERGE = 4 };

int se_create(int n_bus, int n_meas, se_context** out);
void se_destroy(se_context* ctx);
int se_load_topology(se_context* ctx, const char* path);
int se_estimate(se_context* ctx, const float* z, const float* sigma, int n_meas, float* v_out, float* theta_out);
int se_bad_data(se_context* ctx, float threshold, int* flagged, int max_flagged);
int se_export_snapshot(se_context* ctx, const char* path);
int se_warm_start(se_context* ctx, const char* path);
uint64_t se_topology_version(const se_context* ctx);
const uint8_t* se_observability_mask(se_context* ctx);
void* se_ring_create(int slots, size_t frame_bytes);
void se_ring_destroy(void* ring);
uint8_t* se_ring_acquire(void* ring);

#ifdef __cplusplus
}
#endif
