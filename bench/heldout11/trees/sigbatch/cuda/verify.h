#pragma once
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sb_ctx sb_ctx;

sb_ctx* sb_ctx_create(int device, size_t max_batch);
void sb_ctx_destroy(sb_ctx* ctx);
/* sigs: n*64, msgs: n*32 (prehashed), keys: n*32; ok_out: n bytes. */
int sb_verify_batch(sb_ctx* ctx, const uint8_t* sigs, const uint8_t* msgs, const uint8_t* keys, size_t n, uint8_t* ok_out);
int sb_load_table(sb_ctx* ctx, const char* path);
uint64_t sb_ctx_verified(const sb_ctx* ctx);

#ifdef __cplusplus
}
#endif
