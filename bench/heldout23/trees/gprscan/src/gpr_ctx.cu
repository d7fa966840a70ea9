#include <math.h>
#include <pthread.h>
#include <string.h>

#include "gpr_internal.h"

static __thread char g_err[256];

extern "C" void gpr_set_error(const char* msg) {
  strncpy(g_err, msg, sizeof g_err - 1);
  g_err[sizeof g_err - 1] = '\0';
}

extern "C" const char* gpr_last_error(void) { return g_err; }

extern "C" gpr_ctx* gpr_create(int device, int samples_per_trace, float dt_ns, float antenna_mhz) {
  gpr_ctx* ctx = (gpr_ctx*)calloc(1, sizeof *ctx);
  if (!ctx) return NULL;
  ctx->device = device;
  ctx->ns = samples_per_trace;
  ctx->dt_ns = dt_ns;
  ctx->antenna_mhz = antenna_mhz;
  GPR_FATAL(cudaSetDevice(device));
  GPR_FATAL(cudaStreamCreateWithFlags(&ctx->stream, cudaStreamNonBlocking));
  GPR_FATAL(cudaHostAlloc((void**)&ctx->velocity_host, samples_per_trace * sizeof(float),
                          cudaHostAllocPortable));
  for (int i = 0; i < samples_per_trace; ++i) ctx->velocity_host[i] = 0.1f; /* m/ns, dry sand */
  return ctx;
}

extern "C" void gpr_destroy(gpr_ctx* ctx) {
  if (!ctx) return;
  cudaStreamSynchronize(ctx->stream);
  cudaStreamDestroy(ctx->stream);
  cudaFreeHost(ctx->velocity_host);
  free(ctx);
}

/* Ricker wavelets, one per antenna centre frequency (a site uses one or two antennas). */
static struct {
  int mhz;
  float* w;
} g_wavelets[8];
static int g_nwavelets = 0;
static pthread_mutex_t g_wmu = PTHREAD_MUTEX_INITIALIZER;

extern "C" const float* gpr_wavelet(gpr_ctx* ctx, int antenna_mhz) {
  pthread_mutex_lock(&g_wmu);
  for (int i = 0; i < g_nwavelets; ++i) {
    if (g_wavelets[i].mhz == antenna_mhz) {
      pthread_mutex_unlock(&g_wmu);
      return g_wavelets[i].w;
    }
  }
  if (g_nwavelets == 8) {
    pthread_mutex_unlock(&g_wmu);
    gpr_set_error("wavelet table full");
    return NULL;
  }
  float* w = NULL;
  GPR_FATAL(cudaMallocHost((void**)&w, ctx->ns * sizeof(float)));
  const double f = antenna_mhz * 1e-3; /* GHz: samples are in ns */
  const double t0 = 1.2 / f;
  for (int i = 0; i < ctx->ns; ++i) {
    const double t = i * ctx->dt_ns - t0;
    const double a = M_PI * M_PI * f * f * t * t;
    w[i] = (float)((1.0 - 2.0 * a) * exp(-a));
  }
  g_wavelets[g_nwavelets].mhz = antenna_mhz;
  g_wavelets[g_nwavelets].w = w;
  g_nwavelets++;
  pthread_mutex_unlock(&g_wmu);
  return w;
}
