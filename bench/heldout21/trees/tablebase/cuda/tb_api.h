#pragma once
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tb_ctx tb_ctx;

tb_ctx* tb_init(int n_pieces);
void tb_shutdown(tb_ctx* ctx);
int tb_expand_frontier(tb_ctx* ctx, const uint64_t* frontier, int64_t n, uint8_t* dtz, int iteration);
int tb_verify_slice(tb_ctx* ctx, const uint8_t* dtz, int64_t offset, int64_t len, int64_t* bad);
int tb_dump_stats(tb_ctx* ctx, const uint8_t* dtz, int64_t n, const char* path);

#ifdef __cplusplus
}
#endif
