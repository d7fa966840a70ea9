#include "channel_map.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "cuda_check.hpp"

namespace ss {

ChannelMap::~ChannelMap() {
  if (geom_) cudaFreeHost(geom_);
}

void ChannelMap::load(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read probe file " + path);
  std::vector<float> xy;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ss(line);
    int ch;
    float x, y;
    if (!(ss >> ch >> x >> y)) throw std::runtime_error("bad probe line: " + line);
    if (static_cast<size_t>(ch) * 2 + 1 >= xy.size()) xy.resize(static_cast<size_t>(ch) * 2 + 2);
    xy[ch * 2] = x;
    xy[ch * 2 + 1] = y;
  }
  xy_ = std::move(xy);
  geom_ready_ = false;
}

const float* ChannelMap::host_geometry() {
  if (!geom_ready_) {
    if (geom_) cudaFreeHost(geom_);
    SS_CUDA(cudaMallocHost(&geom_, xy_.size() * sizeof(float)));
    std::copy(xy_.begin(), xy_.end(), geom_);
    geom_ready_ = true;
  }
  return geom_;
}

py::array_t<int32_t> ChannelMap::neighbours(float radius_um) {
  const float* g = host_geometry();
  const int n = size();
  std::vector<std::vector<int32_t>> nb(n);
  size_t k = 0;
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      const float dx = g[2 * i] - g[2 * j];
      const float dy = g[2 * i + 1] - g[2 * j + 1];
      if (dx * dx + dy * dy <= radius_um * radius_um) nb[i].push_back(j);
    }
    k = std::max(k, nb[i].size());
  }
  py::array_t<int32_t> out({static_cast<py::ssize_t>(n), static_cast<py::ssize_t>(k)});
  auto o = out.mutable_unchecked<2>();
  for (int i = 0; i < n; ++i)
    for (size_t j = 0; j < k; ++j) o(i, j) = j < nb[i].size() ? nb[i][j] : -1;
  return out;
}

}  // namespace ss
