#ifndef TSDB_ROLLUP_H
#define TSDB_ROLLUP_H
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  int64_t bucket_start;
  double min, max, sum;
  uint32_t count;
} rollup_bucket;

typedef struct {
  const double* vals;
  size_t n;
} series_view;

int rollup_init(size_t max_quantiles);
void rollup_shutdown(void);
int rollup_chunk(const int64_t* ts, const double* vals, size_t n, int64_t bucket_ns, rollup_bucket* out,
                 size_t max_out, size_t* n_out);
int rollup_percentiles(const series_view* series, size_t nseries, const double* qs, size_t nq, double* out);

#ifdef __cplusplus
}
#endif
#endif
