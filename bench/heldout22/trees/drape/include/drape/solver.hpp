#pragma once

#include <drape/constraints.hpp>
#include <drape/host_span.hpp>

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace drape {

struct Mesh {
  std::vector<float> verts;  // [3n]
  std::vector<int> faces;    // [3m]
  std::vector<float> uv;     // [2n]
  int n_verts() const { return static_cast<int>(verts.size() / 3); }
};

struct ContactChunk {
  int first_tri;
  int last_tri;
  int count;
  const float* contacts_d;  // [4 * count]: tri, bary u, bary v, depth
};

// Host staging of contact chunks for the CPU friction pass.
class ContactStager {
 public:
  float* stage(const ContactChunk& c, cudaStream_t stream);

 private:
  std::unordered_map<std::uint64_t, HostSpan<float>> staged_;
};

// Signed-distance grids of the collider bodies, baked on the host.
class SdfCache {
 public:
  explicit SdfCache(std::vector<Mesh> bodies) : bodies_(std::move(bodies)) {}
  const HostSpan<float>& host_grid(int body_id, int res);
  int n_bodies() const { return static_cast<int>(bodies_.size()); }

 private:
  std::vector<Mesh> bodies_;
  std::unordered_map<std::uint64_t, HostSpan<float>> grids_;
};

struct FrameInput {
  std::array<float, 3> wind{0.f, 0.f, 0.f};
  float gust = 0.f;
};

class Solver {
 public:
  static constexpr int kDownloadRing = 3;

  Solver(const Mesh& garment, const Mesh& avatar, int substeps, int sdf_res);
  ~Solver();

  void set_topology(const Mesh& garment);
  void begin_frame(const FrameInput& in);
  void step(float dt, const float* drag_h);
  const float* host_normals();
  const float* host_uv();
  const float* download(int frame);

  const float* positions() const { return state_.x; }
  int n_verts() const { return state_.n_verts; }
  cudaStream_t stream() const { return state_.stream; }

 private:
  void integrate(float h, const float* drag_h);
  void collide();
  std::vector<ContactChunk> broad_phase();

  State state_;
  int substeps_;
  int sdf_res_;
  FrameInput frame_;
  Mesh garment_;
  std::vector<std::unique_ptr<Constraint>> constraints_;
  ContactStager stager_;
  SdfCache sdf_;
  std::vector<HostSpan<float>> ring_;
  float* normals_h_ = nullptr;
  bool normals_ready_ = false;
  float* uv_h_ = nullptr;
  bool uv_ready_ = false;
  float* contacts_d_ = nullptr;
};

Mesh load_obj_pinned(const std::string& path);
bool save_state(const Solver& s, const std::string& path);

}  // namespace drape
