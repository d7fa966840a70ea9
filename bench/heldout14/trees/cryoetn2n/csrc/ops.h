#pragma once
#include <torch/torch.h>

namespace cryoet {
at::Tensor backproject(const at::Tensor& tilts, const at::Tensor& angles, int64_t thickness);
at::Tensor read_mrc(const std::string& path);
}  // namespace cryoet
