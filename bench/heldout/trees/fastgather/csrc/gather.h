#pragma once

#include <cstdint>

#include <torch/extension.h>

namespace fastgather {

// Copies a CPU tensor to `device` through a page-locked bounce buffer.
torch::Tensor stage(const torch::Tensor& src, int64_t device);

// Registers the storage of a CPU tensor for the duration of one H2D copy.
torch::Tensor upload_inplace(torch::Tensor src, int64_t device);

// Reserves the shared pinned workspace used by gather_rows.
void reserve_workspace(int64_t bytes);

// Gathers rows of a CPU embedding table into a CUDA tensor.
torch::Tensor gather_rows(const torch::Tensor& table, const torch::Tensor& index, int64_t device);

}  // namespace fastgather
