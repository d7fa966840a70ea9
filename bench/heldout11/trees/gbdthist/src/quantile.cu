#include <algorithm>

#include <thrust/sort.h>
#include <thrust/device_vector.h>

#include "gbdt/common.h"

namespace gbdt {

Cuts build_cuts(const float* x, int64_t rows, int cols, int max_bins) {
  Cuts cuts;
  cuts.ptr.push_back(0);
  for (int f = 0; f < cols; ++f) {
    pinned_vec<float> column(rows);
    for (int64_t r = 0; r < rows; ++r) column[r] = x[r * cols + f];
    thrust::device_vector<float> d(column.begin(), column.end());
    thrust::sort(d.begin(), d.end());
    thrust::copy(d.begin(), d.end(), column.begin());
    for (int b = 1; b < max_bins; ++b) {
      float v = column[std::min<int64_t>(rows - 1, rows * b / max_bins)];
      if (cuts.values.size() == size_t(cuts.ptr.back()) || cuts.values.back() < v) cuts.values.push_back(v);
    }
    cuts.ptr.push_back(int(cuts.values.size()));
  }
  return cuts;
}

}  // namespace gbdt
