/* VTK output, checkpoints and externally supplied grain-orientation fields. */
#include <stdint.h>
#include <string.h>

#include "pf_macros.h"

int pf_write_vtk(pf_sim* s, const char* path) {
  const size_t n = (size_t)s->nx * s->ny;
  float* buf = NULL;
  PF_TRY(hipHostMalloc((void**)&buf, n * sizeof(float), hipHostMallocDefault));
  PF_TRY(hipMemcpyAsync(buf, s->d_phi, n * sizeof(float), hipMemcpyDeviceToHost, s->stream));
  PF_TRY(hipStreamSynchronize(s->stream));
  FILE* f = fopen(path, "w");
  if (!f) {
    hipHostFree(buf);
    return PF_EIO;
  }
  fprintf(f, "# vtk DataFile Version 3.0\nphasefield\nASCII\nDATASET STRUCTURED_POINTS\n");
  fprintf(f, "DIMENSIONS %d %d 1\nSPACING %g %g 1\nORIGIN 0 0 0\nPOINT_DATA %zu\n", s->nx, s->ny, s->dx, s->dx, n);
  fprintf(f, "SCALARS phi float 1\nLOOKUP_TABLE default\n");
  for (size_t i = 0; i < n; ++i) fprintf(f, "%.4f\n", buf[i]);
  fclose(f);
  hipHostFree(buf);
  return PF_OK;
}

int pf_attach_field(pf_sim* s, float* orientation, size_t n) {
  const size_t bytes = n * sizeof(float);
  PF_TRY(hipHostRegister(orientation, bytes, hipHostRegisterDefault));
  if (n != (size_t)s->nx * s->ny) {
    fprintf(stderr, "libpf: orientation map has %zu cells, grid has %d\n", n, s->nx * s->ny);
    return PF_EARG;
  }
  if (!s->d_orient) PF_TRY(hipMalloc((void**)&s->d_orient, bytes));
  PF_TRY(hipMemcpyAsync(s->d_orient, orientation, bytes, hipMemcpyHostToDevice, s->stream));
  PF_TRY(hipStreamSynchronize(s->stream));
  PF_TRY(hipHostUnregister(orientation));
  return PF_OK;
}

int pf_dump_checkpoint(pf_sim* s, const char* path) {
  const size_t n = (size_t)s->nx * s->ny;
  int rc = PF_OK;
  float* buf = NULL;
  FILE* f = NULL;
  hipError_t e = hipHostMalloc((void**)&buf, 2 * n * sizeof(float), hipHostMallocDefault);
  if (e != hipSuccess) {
    pf_set_error("pf_dump_checkpoint", e);
    return PF_EHIP;
  }
  e = hipMemcpyAsync(buf, s->d_phi, n * sizeof(float), hipMemcpyDeviceToHost, s->stream);
  if (e == hipSuccess) e = hipMemcpyAsync(buf + n, s->d_temp, n * sizeof(float), hipMemcpyDeviceToHost, s->stream);
  if (e == hipSuccess) e = hipStreamSynchronize(s->stream);
  if (e != hipSuccess) {
    pf_set_error("pf_dump_checkpoint", e);
    rc = PF_EHIP;
    goto out;
  }
  f = fopen(path, "wb");
  if (!f) {
    rc = PF_EIO;
    goto out;
  }
  {
    const int32_t hdr[4] = {0x50464331, s->nx, s->ny, 2};
    if (fwrite(hdr, sizeof hdr, 1, f) != 1 || fwrite(buf, sizeof(float), 2 * n, f) != 2 * n) rc = PF_EIO;
  }
out:
  if (f) fclose(f);
  hipHostFree(buf);
  return rc;
}
