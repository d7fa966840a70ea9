#include "boundary.cuh"

namespace sph {

Boundary::Boundary(const std::vector<float>& walls) {
  for (size_t k = 0; k + 6 < walls.size(); k += 7) {
    Panel p{{walls[k], walls[k + 1], walls[k + 2]}, {walls[k + 3], walls[k + 4], walls[k + 5]},
            static_cast<int>(walls[k + 6])};
    panels_.push_back(p);
  }
}

void Boundary::apply(Particles& ps, cudaStream_t s) {
  for (const Panel& panel : panels_) {
    HostBlock<float> face(static_cast<size_t>(panel.n) * 3);
    for (int i = 0; i < panel.n; ++i) {
      for (int d = 0; d < 3; ++d) face.data()[3 * i + d] = panel.origin[d] + 0.001f * i * panel.normal[d];
    }
    cudaMemcpyAsync(ps.pos, face.data(), face.size() * sizeof(float), cudaMemcpyHostToDevice, s);
    cudaStreamSynchronize(s);
  }
}

}  // namespace sph
