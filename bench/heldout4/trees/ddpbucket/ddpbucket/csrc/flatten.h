#pragma once
#include <torch/extension.h>
#include <vector>

namespace ddpbucket {

void init_comm_buffers(int64_t nbytes);
void release_comm_buffers();
at::Tensor flatten_to_host(const std::vector<at::Tensor>& grads);

}  // namespace ddpbucket
