#ifndef FEATSTORE_FS_H
#define FEATSTORE_FS_H
#include <stdint.h>
#include <stdio.h>

#define FS_TRY(expr)                                              \
  do {                                                            \
    int rc_ = (expr);                                             \
    if (rc_ != 0) {                                               \
      fprintf(stderr, "featstore: %s failed (%d)\n", #expr, rc_); \
      return rc_;                                                 \
    }                                                             \
  } while (0)

typedef struct fs_table {
  float* rows;      /* mapped host table */
  float* d_rows;    /* device alias */
  int64_t nrows;
  int dim;
  uint64_t* bloom;
} fs_table;

#ifdef __cplusplus
extern "C" {
#endif
fs_table* fs_table_open(const char* path, int64_t nrows, int dim);
void fs_table_close(fs_table* t);
int fs_gather(fs_table* t, const int64_t* ids, int n, float* out);
int fs_load_shard(fs_table* t, const char* path, int shard);
int fs_bloom_build(fs_table* t, int nshards);
#ifdef __cplusplus
}
#endif
#endif
