#ifndef ANN_H
#define ANN_H
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { ANN_OK = 0, ANN_ERR_CUDA = -1, ANN_ERR_FULL = -2, ANN_ERR_IO = -3, ANN_ERR_ARG = -4 };

typedef struct ann_index ann_index;

ann_index* ann_index_open(int dim, int nlist, int64_t capacity);
void ann_index_close(ann_index* idx);
int ann_train_centroids(ann_index* idx, const float* data, int64_t n, int iters);
int ann_add_batch(ann_index* idx, float* vecs, int64_t n);
int ann_search(ann_index* idx, const float* queries, int nq, int k, int nprobe,
               float* out_dist, int64_t* out_ids);
int ann_save(const ann_index* idx, const char* path);
ann_index* ann_load(const char* path);
int64_t ann_size(const ann_index* idx);

#ifdef __cplusplus
}
#endif
#endif
