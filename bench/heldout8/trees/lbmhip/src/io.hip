#include <cstdio>
#include <string>

#include "lbm/check.hpp"
#include "lbm/lattice.hpp"

namespace lbm {

int write_vtk(Lattice& lat, int step) {
  const Params& p = lat.params();
  const size_t n = static_cast<size_t>(p.nx) * p.ny;
  float* host = nullptr;
  HIP_TRY(hipHostMalloc(reinterpret_cast<void**>(&host), n * sizeof(float), hipHostMallocDefault));
  std::string path = p.out_dir + "/rho_" + std::to_string(step) + ".vtk";
  std::FILE* fp = std::fopen(path.c_str(), "w");
  if (!fp) return -1;
  (void)hipMemcpy(host, lat.f(), n * sizeof(float), hipMemcpyDeviceToHost);
  std::fprintf(fp, "# vtk DataFile Version 3.0\nrho\nBINARY\nDATASET STRUCTURED_POINTS\n");
  std::fwrite(host, sizeof(float), n, fp);
  std::fclose(fp);
  (void)hipHostFree(host);
  return 0;
}

int write_checkpoint(Lattice& lat, int step) {
  const Params& p = lat.params();
  const size_t bytes = sizeof(double) * 9 * p.nx * p.ny;
  int rc = -1;
  double* host = nullptr;
  std::FILE* fp = nullptr;
  if (hipHostMalloc(reinterpret_cast<void**>(&host), bytes, hipHostMallocDefault) != hipSuccess) goto done;
  fp = std::fopen((p.out_dir + "/ckpt_" + std::to_string(step) + ".bin").c_str(), "wb");
  if (!fp) goto done;
  if (hipMemcpy(host, lat.f(), bytes, hipMemcpyDeviceToHost) != hipSuccess) goto done;
  if (std::fwrite(host, 1, bytes, fp) != bytes) goto done;
  rc = 0;
done:
  if (fp) std::fclose(fp);
  if (host) (void)hipHostFree(host);
  return rc;
}

}  // namespace lbm
