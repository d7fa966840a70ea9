#pragma once
#include <stddef.h>
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif
int cf_bloom_init(size_t n_bits);
int cf_bloom_test_insert(const uint64_t *hashes, size_t n, uint8_t *seen);
int cf_simhash_pages(uint8_t **pages, const size_t *lens, size_t n, uint64_t *out);
int cf_load_snapshot(const char *path);
int cf_save_snapshot(const char *path);
#ifdef __cplusplus
}
#endif
