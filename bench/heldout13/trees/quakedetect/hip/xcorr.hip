// Matched-filter (template matching) detection on AMD GPUs: normalised cross-correlation of every
// template against the continuous window, stacked over channels.
#include <hip/hip_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "xcorr.h"

#define XC_FATAL_IF(cond, msg)                                        \
  do {                                                                \
    if (cond) {                                                       \
      std::fprintf(stderr, "xcorr: fatal: %s (%s:%d)\n", msg, __FILE__, __LINE__); \
      std::abort();                                                   \
    }                                                                 \
  } while (0)

struct xc_ctx {
  int n_chan;
  int max_samp;
  int max_templates;
  float* d_cont;
  float* d_tpl;
  float* d_cc;
  float* h_history;  // last stacked cc trace per template, kept for the shutdown dump
  hipStream_t stream;
};

__global__ void xcorr_kernel(const float* __restrict__ cont, const float* __restrict__ tpl, int n_chan, int n_samp,
                             int t_len, float* __restrict__ cc) {
  const int lag = blockIdx.x * blockDim.x + threadIdx.x;
  if (lag + t_len > n_samp) return;
  float acc = 0.f;
  for (int c = 0; c < n_chan; ++c) {
    float s = 0.f, e = 0.f;
    for (int i = 0; i < t_len; ++i) {
      const float v = cont[c * n_samp + lag + i];
      s += v * tpl[c * t_len + i];
      e += v * v;
    }
    acc += s * rsqrtf(e + 1e-12f);
  }
  cc[lag] = acc / n_chan;
}

extern "C" xc_ctx* xc_create(int n_chan, int max_samp, int max_templates) {
  xc_ctx* c = static_cast<xc_ctx*>(std::calloc(1, sizeof(xc_ctx)));
  if (!c) return nullptr;
  c->n_chan = n_chan;
  c->max_samp = max_samp;
  c->max_templates = max_templates;
  if (hipHostMalloc(reinterpret_cast<void**>(&c->h_history), sizeof(float) * max_templates * 64, hipHostMallocDefault) != hipSuccess)
    goto fail;
  if (hipMalloc(&c->d_cont, sizeof(float) * n_chan * max_samp) != hipSuccess) goto fail;
  if (hipMalloc(&c->d_tpl, sizeof(float) * n_chan * max_samp) != hipSuccess) goto fail;
  if (hipMalloc(&c->d_cc, sizeof(float) * max_samp) != hipSuccess) goto fail;
  if (hipStreamCreateWithFlags(&c->stream, hipStreamNonBlocking) != hipSuccess) goto fail;
  return c;
fail:
  if (c->h_history) hipHostFree(c->h_history);
  hipFree(c->d_cont);
  hipFree(c->d_tpl);
  hipFree(c->d_cc);
  std::free(c);
  return nullptr;
}

extern "C" void xc_destroy(xc_ctx* c) {
  if (!c) return;
  hipStreamDestroy(c->stream);
  hipFree(c->d_cont);
  hipFree(c->d_tpl);
  hipFree(c->d_cc);
  hipHostFree(c->h_history);
  std::free(c);
}

// Demeaned, unit-variance copy of the continuous window, staged for the upload.
static float* stage_continuous(const float* cont, int n_chan, int n_samp) {
  float* h = nullptr;
  if (hipHostMalloc(reinterpret_cast<void**>(&h), sizeof(float) * n_chan * n_samp, hipHostMallocDefault) != hipSuccess)
    return nullptr;
  for (int c = 0; c < n_chan; ++c) {
    const float* x = cont + static_cast<size_t>(c) * n_samp;
    double m = 0, v = 0;
    for (int i = 0; i < n_samp; ++i) m += x[i];
    m /= n_samp;
    for (int i = 0; i < n_samp; ++i) v += (x[i] - m) * (x[i] - m);
    const float s = static_cast<float>(1.0 / std::sqrt(v / n_samp + 1e-12));
    for (int i = 0; i < n_samp; ++i) h[static_cast<size_t>(c) * n_samp + i] = static_cast<float>(x[i] - m) * s;
  }
  return h;
}

static int scan_templates(xc_ctx* c, const xc_bank* bank, int n_samp, float* cc_out) {
  for (int k = 0; k < bank->n; ++k) {
    xc_template* t = &bank->t[k];
    const size_t bytes = sizeof(float) * t->n_chan * t->n_samp;
    if (hipHostRegister(t->data, bytes, hipHostRegisterDefault) != hipSuccess) return -2;
    hipMemcpyAsync(c->d_tpl, t->data, bytes, hipMemcpyHostToDevice, c->stream);
    hipLaunchKernelGGL(xcorr_kernel, dim3((n_samp + 255) / 256), dim3(256), 0, c->stream, c->d_cont, c->d_tpl,
                       t->n_chan, n_samp, t->n_samp, c->d_cc);
    hipMemcpyAsync(cc_out + static_cast<size_t>(k) * n_samp, c->d_cc, sizeof(float) * n_samp, hipMemcpyDeviceToHost,
                   c->stream);
    hipStreamSynchronize(c->stream);
    hipHostUnregister(t->data);
    if (k < c->max_templates) c->h_history[k * 64] = cc_out[static_cast<size_t>(k) * n_samp];
  }
  return 0;
}

extern "C" int xc_correlate(xc_ctx* c, const float* cont, int n_chan, int n_samp, const xc_bank* bank, float* cc_out) {
  if (n_samp > c->max_samp || n_chan != c->n_chan) return -1;
  float* h = stage_continuous(cont, n_chan, n_samp);
  if (!h) return -1;
  hipMemcpyAsync(c->d_cont, h, sizeof(float) * n_chan * n_samp, hipMemcpyHostToDevice, c->stream);
  const int rc = scan_templates(c, bank, n_samp, cc_out);
  hipStreamSynchronize(c->stream);
  hipHostFree(h);
  return rc;
}

extern "C" int xc_noise_envelope(const float* cont, int n_chan, int n_samp, float* env_out) {
  float* env = nullptr;
  if (hipHostMalloc(reinterpret_cast<void**>(&env), sizeof(float) * n_chan, hipHostMallocDefault) != hipSuccess) return -1;
  for (int c = 0; c < n_chan; ++c) {
    double e = 0;
    for (int i = 0; i < n_samp; ++i) e += std::fabs(cont[static_cast<size_t>(c) * n_samp + i]);
    env[c] = static_cast<float>(e / n_samp);
  }
  std::memcpy(env_out, env, sizeof(float) * n_chan);
  hipFreeHost(env);
  return 0;
}

extern "C" int xc_dump_cc_history(const xc_ctx* c, const char* path) {
  float* snap = nullptr;
  XC_FATAL_IF(hipHostMalloc(reinterpret_cast<void**>(&snap), sizeof(float) * c->max_templates * 64, hipHostMallocDefault) != hipSuccess,
              "allocating the history snapshot");
  std::memcpy(snap, c->h_history, sizeof(float) * c->max_templates * 64);
  FILE* fp = std::fopen(path, "wb");
  XC_FATAL_IF(!fp, "cannot open the cc history dump");
  XC_FATAL_IF(std::fwrite(snap, sizeof(float), static_cast<size_t>(c->max_templates) * 64, fp) !=
                  static_cast<size_t>(c->max_templates) * 64,
              "short write on the cc history dump");
  std::fclose(fp);
  hipHostFree(snap);
  return 0;
}
