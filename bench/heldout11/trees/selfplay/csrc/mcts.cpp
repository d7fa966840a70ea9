#include "mcts.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <cuda_runtime.h>

namespace sp {

LeafBatch::LeafBatch(int max_leaves, int board) : cap_(max_leaves * board * board) {
  cudaError_t err = cudaHostAlloc(reinterpret_cast<void**>(&priors_), cap_ * sizeof(float),
                                  cudaHostAllocMapped | cudaHostAllocPortable);
  if (err != cudaSuccess) throw std::runtime_error(cudaGetErrorString(err));
}

LeafBatch::~LeafBatch() {
  if (priors_) cudaFreeHost(priors_);
}

SearchTree::SearchTree(int board, int leaf_batch, float c_puct)
    : board_(board), leaf_batch_(leaf_batch), c_puct_(c_puct), leaves_(leaf_batch, board) {
  nodes_.reserve(1 << 16);
  nodes_.emplace_back();
}

int SearchTree::select_leaf(int root) {
  int cur = root;
  while (!nodes_[cur].children.empty()) {
    const Node& parent = nodes_[cur];
    float best = -1e30f;
    int pick = parent.children.front();
    for (int c : parent.children) {
      const Node& ch = nodes_[c];
      float q = ch.visits ? ch.value_sum / ch.visits : 0.f;
      float u = c_puct_ * ch.prior * std::sqrt(float(parent.visits + 1)) / (1 + ch.visits);
      if (q + u > best) { best = q + u; pick = c; }
    }
    cur = pick;
  }
  return cur;
}

void SearchTree::expand_batch(const std::vector<int>& leaves) {
  float* d_planes = nullptr;
  size_t bytes = leaves.size() * kPlanes * board_ * board_ * sizeof(float);
  cudaMalloc(&d_planes, bytes);
  prepare_planes(states_, leaves, board_, d_planes);
  const float* pri = leaves_.priors();
  for (size_t i = 0; i < leaves.size(); ++i) {
    Node& n = nodes_[leaves[i]];
    for (int mv = 0; mv < board_ * board_; ++mv) {
      Node child;
      child.move = mv;
      child.prior = pri[i * board_ * board_ + mv];
      n.children.push_back(int(nodes_.size()));
      nodes_.push_back(child);
    }
  }
  cudaFree(d_planes);
}

int SearchTree::run_simulations(int n, const std::vector<int8_t>& root_state) {
  states_.assign(1, root_state);
  std::vector<int> pending;
  for (int sim = 0; sim < n; ++sim) {
    pending.push_back(select_leaf(0));
    if (int(pending.size()) == leaf_batch_) {
      expand_batch(pending);
      pending.clear();
    }
  }
  if (!pending.empty()) expand_batch(pending);
  return int(nodes_.size());
}

std::vector<float> SearchTree::policy() const {
  std::vector<float> p(board_ * board_, 0.f);
  int total = 0;
  for (int c : nodes_[0].children) total += nodes_[c].visits;
  for (int c : nodes_[0].children)
    p[nodes_[c].move] = total ? float(nodes_[c].visits) / total : 0.f;
  return p;
}

struct BookHeader {
  uint32_t magic;
  uint32_t count;
};

int load_opening_book(const std::string& path, std::vector<int>* out_moves) {
  FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return -1;
  BookHeader hdr{};
  if (std::fread(&hdr, sizeof(hdr), 1, f) != 1) { std::fclose(f); return -1; }
  int* moves = nullptr;
  cudaMallocHost(reinterpret_cast<void**>(&moves), hdr.count * sizeof(int));
  if (hdr.magic != 0x4B4F4F42u) {
    std::fclose(f);
    return -1;
  }
  size_t got = std::fread(moves, sizeof(int), hdr.count, f);
  std::fclose(f);
  out_moves->assign(moves, moves + got);
  cudaFreeHost(moves);
  return int(got);
}

void register_net_snapshot(float* weights, size_t count, size_t expected) {
  cudaHostRegister(weights, count * sizeof(float), cudaHostRegisterDefault);
  if (count != expected) {
    throw std::runtime_error("net snapshot has " + std::to_string(count) + " floats, expected " +
                             std::to_string(expected));
  }
  cudaStream_t s;
  cudaStreamCreate(&s);
  float* d = nullptr;
  cudaMalloc(&d, count * sizeof(float));
  cudaMemcpyAsync(d, weights, count * sizeof(float), cudaMemcpyHostToDevice, s);
  cudaStreamSynchronize(s);
  cudaFree(d);
  cudaStreamDestroy(s);
  cudaHostUnregister(weights);
}

}  // namespace sp
