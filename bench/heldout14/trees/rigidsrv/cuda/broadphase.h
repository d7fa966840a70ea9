#pragma once
#include <stddef.h>
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif
typedef struct bp_ctx bp_ctx;
bp_ctx* bp_create(size_t max_pairs);
void bp_destroy(bp_ctx* c);
int bp_upload_static(bp_ctx* c, float* aabbs, size_t n);
int bp_find_pairs(bp_ctx* c, float* aabbs, size_t n, uint32_t* out_pairs, size_t* npairs);
#ifdef __cplusplus
}
#endif
