#pragma once
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct kc_db kc_db;

typedef struct {
    const uint32_t *parent;
    const uint8_t *rank;
    uint32_t n_nodes;
    void *map_base;
    size_t map_len;
} kc_taxonomy;

int kc_open_db(const char *path, kc_db **out);
void kc_close_db(kc_db *db);
int kc_load_taxonomy(const char *path, kc_taxonomy *tx);
void kc_free_taxonomy(kc_taxonomy *tx);
int kc_classify_batch(kc_db *db, const char *seqs, const uint32_t *offsets, int n_reads,
                      float confidence, uint32_t *taxa_out);
int kc_write_counts(kc_db *db, const uint32_t *taxa, int n_reads, const char *path);
int kc_em_reestimate(const kc_taxonomy *tx, const uint64_t *counts, int n_taxa, double *out);
const char *kc_last_error(void);

#ifdef __cplusplus
}
#endif
