#pragma once

#include <torch/extension.h>
#include <tuple>

namespace asrstream {

// Persistent workspace sized for max_sessions concurrent streams.
void init_workspace(int64_t max_sessions, int64_t chunk_samples);
void release_workspace();

// Log-mel filterbank of one mono chunk already on the GPU; returns (feats [T, n_mels], voiced).
std::tuple<torch::Tensor, bool> compute_fbank(const torch::Tensor& wav, int64_t n_mels);

}  // namespace asrstream
