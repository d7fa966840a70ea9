#pragma once
#include <cstdint>
#include <string>
#include <vector>
#include <memory>

namespace sp {

constexpr int kPlanes = 17;

struct Node {
  float prior = 0.f;
  float value_sum = 0.f;
  int visits = 0;
  int move = -1;
  std::vector<int> children;
};

// Mapped leaf buffer owned by a SearchTree; the evaluator writes priors into it.
class LeafBatch {
 public:
  LeafBatch(int max_leaves, int board);
  ~LeafBatch();
  LeafBatch(const LeafBatch&) = delete;
  LeafBatch& operator=(const LeafBatch&) = delete;
  float* priors() { return priors_; }
  int capacity() const { return cap_; }

 private:
  float* priors_ = nullptr;
  int cap_ = 0;
};

class SearchTree {
 public:
  SearchTree(int board, int leaf_batch, float c_puct);
  int run_simulations(int n, const std::vector<int8_t>& root_state);
  std::vector<float> policy() const;
  void expand_batch(const std::vector<int>& leaves);

 private:
  int select_leaf(int root);
  int board_;
  int leaf_batch_;
  float c_puct_;
  std::vector<Node> nodes_;
  std::vector<std::vector<int8_t>> states_;
  LeafBatch leaves_;
};

int load_opening_book(const std::string& path, std::vector<int>* out_moves);
void register_net_snapshot(float* weights, size_t count, size_t expected);
int prepare_planes(const std::vector<std::vector<int8_t>>& states, const std::vector<int>& leaves,
                   int board, float* d_out);

}  // namespace sp
