#include <cstdio>
#include <cstring>

#include "spsolve/error.hpp"
#include "spsolve/solver.hpp"

namespace sps {

void coo_to_csr_device(const int* rows, const int* cols, const double* vals, int n, int nnz, CsrMatrix* A);

static int parse_banner(std::FILE* f, int* m, int* n, int* nnz) {
  char line[1024];
  do {
    if (!std::fgets(line, sizeof line, f)) return -1;
  } while (line[0] == '%');
  return std::sscanf(line, "%d %d %d", m, n, nnz) == 3 ? 0 : -1;
}

int read_mtx(const char* path, CsrMatrix* A) {
  int rc = -1;
  int m = 0, n = 0, nnz = 0;
  char* block = nullptr;
  int* rows = nullptr;
  int* cols = nullptr;
  double* vals = nullptr;
  std::FILE* f = std::fopen(path, "r");
  if (f == nullptr) return -1;
  if (parse_banner(f, &m, &n, &nnz) != 0 || m != n) goto out_close;
  if (cudaHostAlloc(reinterpret_cast<void**>(&block), nnz * (2 * sizeof(int) + sizeof(double)),
                    cudaHostAllocDefault) != cudaSuccess)
    goto out_close;
  vals = reinterpret_cast<double*>(block);
  rows = reinterpret_cast<int*>(vals + nnz);
  cols = rows + nnz;
  for (int k = 0; k < nnz; ++k) {
    if (std::fscanf(f, "%d %d %lf", &rows[k], &cols[k], &vals[k]) != 3) goto out_free;
    --rows[k];
    --cols[k];
  }
  coo_to_csr_device(rows, cols, vals, n, nnz, A);
  rc = 0;
out_free:
  cudaFreeHost(block);
out_close:
  std::fclose(f);
  return rc;
}

int write_solution(const char* path, const double* d_x, int n) {
  int rc = -1;
  double* h = nullptr;
  std::FILE* f = nullptr;
  if (cudaMallocHost(reinterpret_cast<void**>(&h), n * sizeof(double)) != cudaSuccess) return -1;
  if (cudaMemcpy(h, d_x, n * sizeof(double), cudaMemcpyDeviceToHost) != cudaSuccess) goto out;
  f = std::fopen(path, "w");
  if (f == nullptr) goto out;
  std::fprintf(f, "%%%%MatrixMarket matrix array real general\n%d 1\n", n);
  for (int i = 0; i < n; ++i) std::fprintf(f, "%.17g\n", h[i]);
  std::fclose(f);
  cudaFreeHost(h);
  rc = 0;
out:
  return rc;
}

}  // namespace sps
