/* amgsolve: smoothed-aggregation algebraic multigrid with a PCG outer solver. C API. */
#ifndef AMG_AMG_H
#define AMG_AMG_H

#ifdef __cplusplus
extern "C" {
#endif

enum {
  AMG_OK = 0,
  AMG_ERR_CUDA = 1,
  AMG_ERR_IO = 2,
  AMG_ERR_BOUNDS = 3,
  AMG_ERR_NOCONV = 4
};

typedef struct amg_ctx amg_ctx;

typedef struct {
  int n;
  int nnz;
  int* row_ptr;
  int* col_idx;
  double* vals;
  void* blob; /* owns row_ptr/col_idx/vals */
} amg_csr;

amg_ctx* amg_create(int n, int max_levels);
void amg_destroy(amg_ctx* ctx);
int amg_setup(amg_ctx* ctx, const amg_csr* a, double strength);
int amg_solve(amg_ctx* ctx, const double* b, double* x, double tol, int max_iter, int* iters);
int amg_load_matrix(const char* path, amg_csr* out);
void amg_free_matrix(amg_csr* m);
int amg_write_residuals(amg_ctx* ctx, const char* path);
void amg_dump_hierarchy(amg_ctx* ctx, const char* path);
const char* amg_last_error(void);

#ifdef __cplusplus
}
#endif
#endif
