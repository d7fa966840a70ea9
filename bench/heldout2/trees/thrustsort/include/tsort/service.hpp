#pragma once

#include <rmm/mr/device/pool_memory_resource.hpp>
#include <rmm/mr/host/pinned_memory_resource.hpp>
#include <rmm/mr/pinned_host_memory_resource.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tsort/buffers.cuh"

namespace tsort {

struct Request {
  std::vector<uint64_t> keys;
  std::vector<float> scores;
  int k = 10;
  std::size_t payload_bytes() const { return keys.size() * sizeof(uint64_t); }
};

struct Response {
  std::vector<uint64_t> sorted;
  std::vector<float> topk;
  std::string error;
};

class RequestQueue {
 public:
  std::optional<Request> pop();
};

class Sorter {
 public:
  explicit Sorter(std::size_t max_keys);
  std::vector<uint64_t> sort(const std::vector<uint64_t>& keys);

 private:
  shared_host_vector<uint64_t> keys_host_;
};

void sort_segments(const std::vector<std::vector<uint32_t>>& segs, std::vector<std::vector<uint32_t>>& out);
std::vector<float> topk_merge(const float* d_scores, int n, int k);

// A fixed host arena for cross-request metadata.
class HostArena {
 public:
  explicit HostArena(std::size_t bytes);
  ~HostArena();
  void* base() const { return base_; }

 private:
  rmm::mr::pinned_memory_resource upstream_;
  void* base_;
  std::size_t bytes_;
};

class Service {
 public:
  Service(std::size_t max_keys, std::size_t arena_bytes);
  bool warm_cache(const std::string& path, std::size_t bytes);
  void handle(const Request& req, Response& resp);
  void run(RequestQueue& q);

 private:
  rmm::mr::pinned_host_memory_resource pinned_mr_;
  rmm::mr::pool_memory_resource<rmm::mr::pinned_host_memory_resource> pinned_pool_;
  Sorter sorter_;
  HostArena arena_;
  float* d_scores_ = nullptr;
};

}  // namespace tsort
