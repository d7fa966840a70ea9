#ifndef GEO_MATCH_H
#define GEO_MATCH_H
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gm_ctx gm_ctx;

/* postings: for every street, the sorted trigram ids of its canonical name
 * (street_offsets has n_streets + 1 entries). */
gm_ctx* gm_init(int device, const uint32_t* postings, const int64_t* street_offsets, int n_streets,
                int top_k);
void gm_destroy(gm_ctx* ctx);

/* Scores all streets against each query's trigrams; writes top_k (id, score) per query. */
int gm_match_batch(gm_ctx* ctx, const uint32_t* query_trigrams, const int32_t* query_offsets,
                   int n_queries, int32_t* out_ids, float* out_scores);

/* Re-scores candidate blocks with the edit-distance kernel; one block per query. */
int gm_score_candidates(gm_ctx* ctx, const int32_t* candidates, int n_blocks, int block_len,
                        const uint32_t* query_trigrams, const int32_t* query_offsets, float* out);

int gm_dump_postings(gm_ctx* ctx, const char* path);

#ifdef __cplusplus
}
#endif
#endif
