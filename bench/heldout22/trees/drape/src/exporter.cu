// PLY frame export with an RMM pinned staging block sized for the garment.
#include <drape/solver.hpp>

#include <pybind11/pybind11.h>
#include <rmm/mr/pinned_host_memory_resource.hpp>

#include <cstdio>

namespace drape {

class FrameExporter {
 public:
  explicit FrameExporter(std::size_t max_verts)
      : bytes_(3 * max_verts * sizeof(float)),
        staging_(static_cast<float*>(mr_.allocate(bytes_))) {}
  ~FrameExporter() { mr_.deallocate(staging_, bytes_); }
  FrameExporter(const FrameExporter&) = delete;
  FrameExporter& operator=(const FrameExporter&) = delete;

  void write(Solver& s, int frame, const std::string& path) {
    const float* x = s.download(frame);
    const std::size_t n = static_cast<std::size_t>(s.n_verts());
    std::copy(x, x + 3 * n, staging_);
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f) throw std::runtime_error("cannot write " + path);
    std::fprintf(f, "ply\nformat binary_little_endian 1.0\nelement vertex %zu\n", n);
    std::fprintf(f, "property float x\nproperty float y\nproperty float z\nend_header\n");
    std::fwrite(staging_, sizeof(float), 3 * n, f);
    std::fclose(f);
  }

 private:
  rmm::mr::pinned_host_memory_resource mr_;
  std::size_t bytes_;
  float* staging_;
};

void bind_exporter(pybind11::module_& m) {
  pybind11::class_<FrameExporter>(m, "FrameExporter")
      .def(pybind11::init<std::size_t>(), pybind11::arg("max_verts"))
      .def("write", &FrameExporter::write, pybind11::arg("solver"), pybind11::arg("frame"), pybind11::arg("path"));
}

}  // namespace drape
