// Output: corrected shots in a flat binary stream, optional per-tile dose maps as PGM.
#include <fstream>
#include <string>
#include <rmm/mr/host/pinned_memory_resource.hpp>
#include "ebl/check.hpp"
#include "ebl/models.hpp"
#include "ebl/types.hpp"

namespace ebl {

class ShotWriter {
 public:
  ShotWriter(const std::string& path, size_t max_shots) : out_(path, std::ios::binary), flush_at_(max_shots) {
    buffer_.reserve(max_shots);
  }
  ~ShotWriter() { flush(); }

  void append(const ShotList& shots) {
    buffer_.insert(buffer_.end(), shots.begin(), shots.end());
    if (buffer_.size() >= flush_at_) flush();
  }

  void flush() {
    out_.write(reinterpret_cast<const char*>(buffer_.data()), static_cast<std::streamsize>(buffer_.size() * sizeof(Shot)));
    buffer_.clear();
  }

 private:
  std::ofstream out_;
  ShotList buffer_;
  size_t flush_at_;
};

void export_dose_map(const TileState& st, const std::string& dir) {
  rmm::mr::pinned_memory_resource mr;
  const size_t bytes = static_cast<size_t>(st.grid) * st.grid * sizeof(float);
  void* host = mr.allocate(bytes);
  EBL_CUDA(cudaMemcpyAsync(host, st.d_dose, bytes, cudaMemcpyDeviceToHost, st.stream));
  EBL_CUDA(cudaStreamSynchronize(st.stream));
  std::ofstream pgm(dir + "/dose_" + std::to_string(st.tile->id) + ".pgm", std::ios::binary);
  pgm << "P5\n" << st.grid << " " << st.grid << "\n255\n";
  const float* d = static_cast<const float*>(host);
  for (int i = 0; i < st.grid * st.grid; ++i) pgm.put(static_cast<char>(std::min(255.f, d[i] * 64.f)));
  mr.deallocate(host, bytes);
}

std::unique_ptr<ShotWriter> make_writer(const PecConfig& cfg) {
  return std::make_unique<ShotWriter>(cfg.out, static_cast<size_t>(cfg.max_shots));
}
void write_shots(ShotWriter& w, const ShotList& shots) { w.append(shots); }

}  // namespace ebl
