#include <math.h>
#include <string.h>

#include "rv_internal.h"

namespace {

constexpr double kLambda = 1.5406; /* Cu K-alpha1, Angstrom */

__host__ __device__ inline double deg2rad(double d) { return d * M_PI / 180.0; }

struct Peak {
  double pos;    /* 2theta, degrees */
  double fwhm;
  double height;
};

__global__ void pseudo_voigt(const Peak* peaks, int n_peaks, const double* tth, int n_points, double eta,
                             double* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n_points) return;
  double acc = 0.0;
  for (int k = 0; k < n_peaks; ++k) {
    const double x = (tth[i] - peaks[k].pos) / peaks[k].fwhm;
    if (fabs(x) > 20.0) continue;
    const double g = exp(-4.0 * M_LN2 * x * x) * 0.9394372787 / peaks[k].fwhm;
    const double l = 0.6366197724 / peaks[k].fwhm / (1.0 + 4.0 * x * x);
    acc += peaks[k].height * (eta * l + (1.0 - eta) * g);
  }
  y[i] += acc;
}

/* Cubic/tetragonal/orthorhombic d-spacings; the monoclinic cell is handled by the full metric. */
double d_spacing(const rv_reflection& r, const double* cell) {
  const double a = cell[0], b = cell[1], cc = cell[2];
  const double beta = deg2rad(cell[4]);
  const double sb = sin(beta), cb = cos(beta);
  const double inv = (r.h * r.h / (a * a) + r.k * r.k * sb * sb / (b * b) + r.l * r.l / (cc * cc) -
                      2.0 * r.h * r.l * cb / (a * cc)) /
                     (sb * sb);
  return 1.0 / sqrt(inv);
}

}  // namespace

static rv_reflection* g_refl_host[16];

/* Accumulates every phase's reflections into `profile` (n_points). */
extern "C" int rv_profile_peaks(rv_ctx* c, const double* params, int n_phases, double* profile) {
  if (n_phases <= 0 || n_phases > c->max_phases) return RV_EARG;
  const double zero = params[0], U = params[1], V = params[2], W = params[3], eta = params[4];
  cudaMemsetAsync(c->d_ycalc, 0, (size_t)c->n_points * sizeof(double), c->stream);
  for (int p = 0; p < n_phases; ++p) {
    const int n = c->n_refl[p];
    if (n == 0) continue;
    const double* ph = params + RV_GLOBAL + p * RV_PER_PHASE;
    Peak* peaks = NULL;
    if (cudaMallocHost((void**)&peaks, (size_t)n * sizeof(Peak)) != cudaSuccess) return RV_ENOMEM;
    for (int k = 0; k < n; ++k) {
      const rv_reflection& r = g_refl_host[p][k];
      const double s = kLambda / (2.0 * d_spacing(r, ph + 1));
      const double th = (s < 1.0) ? asin(s) : M_PI / 2;
      const double tan_th = tan(th);
      peaks[k].pos = 2.0 * th * 180.0 / M_PI + zero;
      peaks[k].fwhm = sqrt(fmax(1e-6, U * tan_th * tan_th + V * tan_th + W));
      peaks[k].height = ph[0] * r.mult * r.f2 * exp(-2.0 * ph[7] * s * s / (kLambda * kLambda)) /
                        (sin(th) * sin(2.0 * th) + 1e-12);
    }
    Peak* d_peaks = NULL;
    cudaMallocAsync((void**)&d_peaks, (size_t)n * sizeof(Peak), c->stream);
    cudaMemcpyAsync(d_peaks, peaks, (size_t)n * sizeof(Peak), cudaMemcpyHostToDevice, c->stream);
    pseudo_voigt<<<(c->n_points + 255) / 256, 256, 0, c->stream>>>(d_peaks, n, c->d_tth, c->n_points, eta, c->d_ycalc);
    cudaFreeAsync(d_peaks, c->stream);
    cudaStreamSynchronize(c->stream);
    cudaFreeHost(peaks);
  }
  cudaMemcpy(profile, c->d_ycalc, (size_t)c->n_points * sizeof(double), cudaMemcpyDeviceToHost);
  return RV_OK;
}

__global__ void scale_and_shift(const double* peaks, const double* params, int n, double* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = peaks[i] * (1.0 + params[5]);
}

/* Full calculated pattern for a parameter vector, written into a mapped host block the kernel
 * fills directly (no separate download). */
extern "C" int rv_compute_pattern(rv_ctx* c, const double* params, int n_params, double* ycalc) {
  const int max_params = RV_GLOBAL + c->max_phases * RV_PER_PHASE;
  if (n_params <= 0 || n_params > max_params) return RV_EARG;
  memcpy(c->h_params, params, (size_t)n_params * sizeof(double));
  cudaMemcpyAsync(c->d_params, c->h_params, (size_t)n_params * sizeof(double), cudaMemcpyHostToDevice, c->stream);
  double* mapped = NULL;
  if (cudaHostAlloc((void**)&mapped, (size_t)c->n_points * sizeof(double), cudaHostAllocMapped) != cudaSuccess)
    return RV_ENOMEM;
  double* d_mapped = NULL;
  cudaHostGetDevicePointer((void**)&d_mapped, mapped, 0);
  scale_and_shift<<<(c->n_points + 255) / 256, 256, 0, c->stream>>>(c->d_ycalc, c->d_params, c->n_points, d_mapped);
  cudaStreamSynchronize(c->stream);
  memcpy(ycalc, mapped, (size_t)c->n_points * sizeof(double));
  cudaFreeHost(mapped);
  return RV_OK;
}

/* 1/sigma^2 weights; re-sent after each outlier-rejection pass. */
static double* g_weights = NULL;
static size_t g_weights_cap = 0;

extern "C" int rv_set_weights(rv_ctx* c, const double* sigma, int n) {
  if (n != c->n_points) return RV_EARG;
  if ((size_t)n > g_weights_cap) {
    if (g_weights != NULL) cudaFreeHost(g_weights);
    g_weights = NULL;
    g_weights_cap = 0;
    if (cudaMallocHost((void**)&g_weights, (size_t)n * sizeof(double)) != cudaSuccess) return RV_ENOMEM;
    g_weights_cap = (size_t)n;
  }
  for (int i = 0; i < n; ++i) g_weights[i] = sigma[i] > 0.0 ? 1.0 / (sigma[i] * sigma[i]) : 0.0;
  cudaMemcpyAsync(c->d_w, g_weights, (size_t)n * sizeof(double), cudaMemcpyHostToDevice, c->stream);
  return cudaStreamSynchronize(c->stream) == cudaSuccess ? RV_OK : RV_ECUDA;
}

/* Called by rv_load_cif_table (rv_io.cu) once the reflection list of a phase is known. */
extern "C" void rv_attach_reflections(rv_ctx* c, int phase, rv_reflection* host_copy, int n) {
  free(g_refl_host[phase]);
  g_refl_host[phase] = host_copy;
  c->n_refl[phase] = n;
}
