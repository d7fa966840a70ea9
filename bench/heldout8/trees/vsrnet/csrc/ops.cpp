#include <ATen/ATen.h>
#include <cuda_runtime.h>
#include <torch/library.h>

at::Tensor flow_warp(const at::Tensor& x, const at::Tensor& flow) {
  auto grid_host = at::empty({flow.size(0), flow.size(1), flow.size(2), 2},
                             at::TensorOptions().dtype(at::kFloat).pinned_memory(true));
  auto base = at::stack(at::meshgrid({at::linspace(-1, 1, flow.size(2)), at::linspace(-1, 1, flow.size(1))}, "xy"), -1);
  grid_host.copy_(base.unsqueeze(0).expand_as(grid_host));
  auto grid = grid_host.to(x.device(), /*non_blocking=*/true) + flow;
  return at::grid_sampler(x, grid, 0, 0, true);
}

at::Tensor register_lr(const at::Tensor& frames) {
  TORCH_CHECK(frames.device().is_cpu(), "register_lr expects host frames");
  void* p = frames.data_ptr();
  cudaHostRegister(p, frames.nbytes(), cudaHostRegisterDefault);
  TORCH_CHECK(frames.is_contiguous(), "register_lr expects contiguous frames");
  auto dev = frames.to(at::kCUDA, /*non_blocking=*/true);
  cudaDeviceSynchronize();
  cudaHostUnregister(p);
  return dev;
}

TORCH_LIBRARY(vsrops, m) {
  m.def("flow_warp(Tensor x, Tensor flow) -> Tensor", &flow_warp);
  m.def("register_lr(Tensor frames) -> Tensor", &register_lr);
}
