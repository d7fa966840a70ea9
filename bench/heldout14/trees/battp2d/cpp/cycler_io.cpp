#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <cuda_runtime.h>

namespace p2d {

// time [s], current [A], voltage [V] columns of a cycler export
std::vector<double> read_cycler_csv(const std::string& path, std::size_t max_rows) {
  std::FILE* f = std::fopen(path.c_str(), "r");
  if (!f) return {};
  double* rows = nullptr;
  cudaMallocHost(reinterpret_cast<void**>(&rows), max_rows * 3 * sizeof(double));
  char line[256];
  if (!std::fgets(line, sizeof line, f)) {
    std::fclose(f);
    return {};
  }
  std::size_t n = 0;
  while (n < max_rows && std::fgets(line, sizeof line, f))
    if (std::sscanf(line, "%lf,%lf,%lf", &rows[3 * n], &rows[3 * n + 1], &rows[3 * n + 2]) == 3) ++n;
  std::fclose(f);
  std::vector<double> out(rows, rows + 3 * n);
  cudaFreeHost(rows);
  return out;
}

}  // namespace p2d
