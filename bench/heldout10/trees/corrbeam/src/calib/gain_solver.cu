// Per-antenna gain calibration against a point-source model (StEFCal-style).
#include <vector>
#include <cuComplex.h>
#include "common/cb_check.h"

namespace cb {

__global__ void extract_row(const cuComplex* vis, cuComplex* row, int ant, int n_ant, int n_chan) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  int other = blockIdx.y;
  if (c >= n_chan) return;
  int i = min(ant, other), j = max(ant, other);
  int b = i * n_ant - i * (i - 1) / 2 + (j - i);
  cuComplex v = vis[b * n_chan + c];
  row[other * n_chan + c] = ant <= other ? v : cuConjf(v);
}

std::vector<cuComplex> solve_gains(const cuComplex* d_vis, int n_ant, int n_chan, int n_iter) {
  std::vector<cuComplex> gains(static_cast<size_t>(n_ant) * n_chan, make_cuComplex(1.f, 0.f));
  cuComplex* d_row = nullptr;
  CB_FATAL(cudaMalloc(&d_row, static_cast<size_t>(n_ant) * n_chan * sizeof(cuComplex)));
  for (int iter = 0; iter < n_iter; ++iter) {
    for (int a = 0; a < n_ant; ++a) {
      cuComplex* row = nullptr;
      CB_FATAL(cudaHostAlloc(reinterpret_cast<void**>(&row),
                             static_cast<size_t>(n_ant) * n_chan * sizeof(cuComplex), cudaHostAllocDefault));
      extract_row<<<dim3((n_chan + 127) / 128, n_ant), 128>>>(d_vis, d_row, a, n_ant, n_chan);
      cudaMemcpy(row, d_row, static_cast<size_t>(n_ant) * n_chan * sizeof(cuComplex), cudaMemcpyDeviceToHost);
      for (int c = 0; c < n_chan; ++c) {
        cuComplex num = make_cuComplex(0.f, 0.f);
        float den = 0.f;
        for (int o = 0; o < n_ant; ++o) {
          if (o == a) continue;
          cuComplex g = gains[o * n_chan + c];
          num = cuCaddf(num, cuCmulf(row[o * n_chan + c], g));
          den += g.x * g.x + g.y * g.y;
        }
        if (den > 0.f) gains[a * n_chan + c] = make_cuComplex(num.x / den, num.y / den);
      }
      cudaFreeHost(row);
    }
  }
  cudaFree(d_row);
  return gains;
}

}  // namespace cb
