#include <Kokkos_Core.hpp>

#include "sph.h"

using PinnedView = Kokkos::View<float*, Kokkos::HIPHostPinnedSpace>;

struct SphViews {
  PinnedView density;
};

extern "C" void* sph_views_create(size_t cap) {
  auto* v = new SphViews();
  v->density = PinnedView("density", cap);
  return v;
}

extern "C" void sph_views_destroy(void* v) { delete static_cast<SphViews*>(v); }

// positions for the exporter of the current frame
extern "C" float* sph_prepare_readback(sph_ctx* c) {
  PinnedView rb("readback", c->n * 3);
  hipMemcpy(rb.data(), c->d_pos, c->n * 3 * sizeof(float), hipMemcpyDeviceToHost);
  for (size_t i = 0; i < c->n * 3; ++i) c->pos_host[i] = rb(i);
  return c->pos_host;
}

extern "C" int sph_probe_heights(sph_ctx* c, const float* probes, int nprobe, float* out) {
  for (int p = 0; p < nprobe; ++p) {
    PinnedView col("column", 256);
    float best = -1e30f;
    for (size_t i = 0; i < c->n; ++i) {
      float dx = c->pos_host[i * 3] - probes[p * 2], dz = c->pos_host[i * 3 + 2] - probes[p * 2 + 1];
      if (dx * dx + dz * dz < 0.01f && c->pos_host[i * 3 + 1] > best) best = c->pos_host[i * 3 + 1];
    }
    col(0) = best;
    out[p] = col(0);
  }
  return 0;
}
