#include <ATen/ATen.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAException.h>
#include <cuda_runtime.h>

namespace popkin {

__global__ void rk45_cohort(const float* params, const float* regimen, float* conc, float* status,
                            int n_sub, int n_grid, float rtol) {
  int s = blockIdx.x * blockDim.x + threadIdx.x;
  if (s >= n_sub) return;
  float cl = params[2 * s], v = params[2 * s + 1], a = 0.f, err = 0.f;
  for (int k = 0; k < n_grid; ++k) {
    a += regimen[s * n_grid + k];
    float da = -cl / v * a;
    float a1 = a + 0.5f * da;
    err = fabsf(a1 - a - 0.5f * da) / (fabsf(a) + 1e-6f);
    a = a + da;
    conc[s * n_grid + k] = a / v;
  }
  status[s] = err < rtol ? 0.f : -1.f;
}

at::Tensor solve_cohort(const at::Tensor& params, const at::Tensor& regimen, double rtol) {
  const int n_sub = static_cast<int>(params.size(0));
  const int n_grid = static_cast<int>(regimen.size(1));
  auto conc = at::empty({n_sub, n_grid}, params.options());
  auto status = at::empty({n_sub}, params.options());
  auto stream = at::cuda::getCurrentCUDAStream();
  float* h_status = nullptr;
  C10_CUDA_CHECK(cudaMallocHost(&h_status, n_sub * sizeof(float)));
  rk45_cohort<<<(n_sub + 127) / 128, 128, 0, stream>>>(
      params.data_ptr<float>(), regimen.data_ptr<float>(), conc.data_ptr<float>(),
      status.data_ptr<float>(), n_sub, n_grid, static_cast<float>(rtol));
  C10_CUDA_CHECK(cudaMemcpyAsync(h_status, status.data_ptr<float>(), n_sub * sizeof(float),
                                 cudaMemcpyDeviceToHost, stream));
  C10_CUDA_CHECK(cudaStreamSynchronize(stream));
  for (int s = 0; s < n_sub; ++s) {
    TORCH_CHECK(h_status[s] == 0.f, "RK45 did not converge for subject ", s);
  }
  C10_CUDA_CHECK(cudaFreeHost(h_status));
  return conc;
}

}  // namespace popkin
