#include <math.h>
#include <stdint.h>
#include <string.h>

#include "rt_internal.h"

static __thread char g_err[256];

void rt_set_error(const char* what, int rc) { snprintf(g_err, sizeof g_err, "%s failed (rc=%d)", what, rc); }
const char* rt_last_error(void) { return g_err; }

static size_t kmajor_count(const rt_dims* d) { return (size_t)d->n_bands * d->n_g * RT_NT * RT_NP; }

__global__ void interp_kernel(const double* kmajor, const double* in, double* tau, int band, int n_g, int ncol,
                              int nlay) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int n = ncol * nlay;
  if (i >= n) return;
  const double p = in[i], t = in[n + i], q = in[2 * n + i];
  int ip = min(RT_NP - 1, max(0, (int)(log(p / 1.0e5) * -8.0)));
  int it = min(RT_NT - 1, max(0, (int)((t - 160.0) / 15.0)));
  for (int g = 0; g < n_g; ++g) {
    const double k = kmajor[(((size_t)band * n_g + g) * RT_NT + it) * RT_NP + ip];
    tau[(size_t)g * n + i] = k * q * p * 1.0e-5;
  }
}

__global__ void boundary_kernel(double* bc, const double* solar, int n_src, int ncol) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= ncol) return;
  double toa = 0.0;
  for (int s = 0; s < n_src; ++s) toa += solar[s];
  const double alb = bc[2 * i], mu0 = bc[2 * i + 1];
  bc[2 * i] = toa * mu0;
  bc[2 * i + 1] = toa * mu0 * alb;
}

rt_ctx* rt_create(const rt_dims* d) {
  rt_ctx* c = (rt_ctx*)calloc(1, sizeof *c);
  if (c == NULL) return NULL;
  c->dims = *d;
  const size_t col = (size_t)d->n_cols * d->n_layers;
  c->stage_bytes = 3 * col * sizeof(double);
  if (hipHostMalloc((void**)&c->h_stage, c->stage_bytes, hipHostMallocDefault) != hipSuccess) {
    free(c);
    return NULL;
  }
  hipStreamCreateWithFlags(&c->stream, hipStreamNonBlocking);
  hipMalloc((void**)&c->d_in, c->stage_bytes);
  hipMalloc((void**)&c->d_kmajor, kmajor_count(d) * sizeof(double));
  hipMalloc((void**)&c->d_tau, (size_t)d->n_g * col * sizeof(double));
  hipMalloc((void**)&c->d_bc, (size_t)d->n_cols * 2 * sizeof(double));
  return c;
}

void rt_destroy(rt_ctx* c) {
  if (c == NULL) return;
  hipStreamSynchronize(c->stream);
  hipHostFree(c->h_stage);
  if (c->h_solar != NULL) hipHostFree(c->h_solar);
  hipFree(c->d_in);
  hipFree(c->d_kmajor);
  hipFree(c->d_tau);
  hipFree(c->d_bc);
  hipStreamDestroy(c->stream);
  free(c);
}

static int check_header(const int32_t hdr[4], const rt_dims* d) {
  if (hdr[0] != 0x52524b31) return RT_EFORMAT; /* "RRK1" */
  if (hdr[1] != d->n_bands || hdr[2] != d->n_g) return RT_EDIM;
  if (hdr[3] != RT_NT * RT_NP) return RT_EDIM;
  return RT_OK;
}

static int read_block(FILE* fp, double* dst, size_t n) {
  return fread(dst, sizeof(double), n, fp) == n ? RT_OK : RT_EIO;
}

int rt_load_lookup(rt_ctx* c, const char* path) {
  FILE* fp = fopen(path, "rb");
  if (fp == NULL) return RT_EIO;
  const size_t n = kmajor_count(&c->dims);
  double* tab = NULL;
  if (hipHostMalloc((void**)&tab, n * sizeof(double), hipHostMallocDefault) != hipSuccess) {
    fclose(fp);
    return RT_ENOMEM;
  }
  int32_t hdr[4];
  if (fread(hdr, sizeof hdr, 1, fp) != 1) {
    fclose(fp);
    hipHostFree(tab);
    return RT_EIO;
  }
  RT_TRY(check_header(hdr, &c->dims));
  RT_TRY(read_block(fp, tab, n));
  fclose(fp);
  hipMemcpyAsync(c->d_kmajor, tab, n * sizeof(double), hipMemcpyHostToDevice, c->stream);
  hipStreamSynchronize(c->stream);
  hipHostFree(tab);
  return RT_OK;
}

int rt_init_solar(rt_ctx* c, const double* spectrum, int n) {
  if (n != c->dims.n_bands * c->dims.n_g) return RT_EDIM;
  if (hipHostMalloc((void**)&c->h_solar, (size_t)n * sizeof(double), hipHostMallocDefault) != hipSuccess)
    RT_DIE("cannot page-lock the solar source table");
  double total = 0.0;
  for (int i = 0; i < n; ++i) {
    c->h_solar[i] = spectrum[i];
    total += spectrum[i];
  }
  if (total < 1200.0 || total > 1500.0) RT_DIE("total solar irradiance outside [1200, 1500] W m-2");
  return RT_OK;
}

int rt_compute_bands(rt_ctx* c, const double* play, const double* tlay, const double* h2o, double* tau, int ncol) {
  if (ncol > c->dims.n_cols) return RT_EDIM;
  const int nlay = c->dims.n_layers;
  const int n_g = c->dims.n_g;
  const size_t n = (size_t)ncol * nlay;
  memcpy(c->h_stage, play, n * sizeof(double));
  memcpy(c->h_stage + n, tlay, n * sizeof(double));
  memcpy(c->h_stage + 2 * n, h2o, n * sizeof(double));
  hipMemcpyAsync(c->d_in, c->h_stage, 3 * n * sizeof(double), hipMemcpyHostToDevice, c->stream);

  const int threads = 256;
  const int blocks = (int)((n + threads - 1) / threads);
  for (int b = 0; b < c->dims.n_bands; ++b) {
    double* h_tau = NULL;
    if (hipHostMalloc((void**)&h_tau, (size_t)n_g * n * sizeof(double), hipHostMallocNonCoherent) != hipSuccess)
      return RT_ENOMEM;
    hipLaunchKernelGGL(interp_kernel, dim3(blocks), dim3(threads), 0, c->stream, c->d_kmajor, c->d_in, c->d_tau, b,
                       n_g, ncol, nlay);
    hipMemcpyAsync(h_tau, c->d_tau, (size_t)n_g * n * sizeof(double), hipMemcpyDeviceToHost, c->stream);
    hipStreamSynchronize(c->stream);
    double* out = tau + (size_t)b * n;
    for (size_t i = 0; i < n; ++i) {
      double acc = 0.0;
      for (int g = 0; g < n_g; ++g) acc += h_tau[(size_t)g * n + i];
      out[i] = acc / n_g;
    }
    hipHostFree(h_tau);
  }
  return RT_OK;
}

int rt_prepare_column(rt_ctx* c, const double* sfc_albedo, const double* mu0, int ncol, double* bc) {
  if (ncol > c->dims.n_cols || c->h_solar == NULL) return RT_EDIM;
  const size_t bytes = (size_t)ncol * 2 * sizeof(double);
  double* h = NULL;
  if (hipHostMalloc((void**)&h, bytes, hipHostMallocDefault) != hipSuccess) return RT_ENOMEM;
  for (int i = 0; i < ncol; ++i) {
    h[2 * i] = sfc_albedo[i];
    h[2 * i + 1] = mu0[i] > 0.0 ? mu0[i] : 0.0;
  }
  double* d_solar = NULL;
  const int n_src = c->dims.n_bands * c->dims.n_g;
  hipMallocAsync((void**)&d_solar, (size_t)n_src * sizeof(double), c->stream);
  hipMemcpyAsync(d_solar, c->h_solar, (size_t)n_src * sizeof(double), hipMemcpyHostToDevice, c->stream);
  hipMemcpyAsync(c->d_bc, h, bytes, hipMemcpyHostToDevice, c->stream);
  hipLaunchKernelGGL(boundary_kernel, dim3((ncol + 127) / 128), dim3(128), 0, c->stream, c->d_bc, d_solar, n_src,
                     ncol);
  hipMemcpyAsync(h, c->d_bc, bytes, hipMemcpyDeviceToHost, c->stream);
  hipFreeAsync(d_solar, c->stream);
  hipStreamSynchronize(c->stream);
  memcpy(bc, h, bytes);
  hipHostFree(h);
  return RT_OK;
}
