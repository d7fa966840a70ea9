#pragma once

#include <torch/torch.h>

namespace specdec {

// Allocates the persistent acceptance-statistics workspace. Call once.
void init_workspace(int64_t max_batch, int64_t max_spec);

// Rejection sampling of k draft tokens per sequence against the target distribution.
// Returns the number of accepted tokens per sequence (int64, CPU).
at::Tensor accept_tokens(const at::Tensor& draft_tokens, const at::Tensor& target_probs,
                         const at::Tensor& draft_probs, const at::Tensor& uniform);

// Writes the acceptance-length histogram gathered since init_workspace.
void dump_histogram(const std::string& path);

}  // namespace specdec
