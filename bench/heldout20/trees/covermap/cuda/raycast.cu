#include <math.h>
#include <string.h>

#include "cm_internal.h"

namespace {

constexpr double kMetersPerDegLat = 111320.0;

__global__ void hata_kernel(const cm_site* site, int sector, const unsigned char* clutter, float* loss, int w,
                            int h, double lat0, double lon0, double cell_m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= w * h) return;
  const double y = (i / w) * cell_m, x = (i % w) * cell_m;
  const double sx = (site->lon - lon0) * kMetersPerDegLat * cos(lat0 * M_PI / 180.0);
  const double sy = (site->lat - lat0) * kMetersPerDegLat;
  const double d_km = fmax(0.02, hypot(x - sx, y - sy) / 1000.0);
  const double f = site->freq_mhz, hb = site->height_m, hm = 1.5;
  const double a_hm = (1.1 * log10(f) - 0.7) * hm - (1.56 * log10(f) - 0.8);
  double l = 46.3 + 33.9 * log10(f) - 13.82 * log10(hb) - a_hm + (44.9 - 6.55 * log10(hb)) * log10(d_km);
  const double az = atan2(x - sx, y - sy) * 180.0 / M_PI;
  const double sector_az = site->azimuth_deg + sector * 360.0 / site->sectors;
  double off = fabs(fmod(az - sector_az + 540.0, 360.0) - 180.0);
  l += fmin(25.0, 12.0 * (off / 65.0) * (off / 65.0));
  l += 0.5 * clutter[i];
  loss[i] = (float)l;
}

__global__ void best_server_kernel(const cm_site* sites, int n, const float* gain_adj, const unsigned char* clutter,
                                   float* rsrp, int w, int h, double lat0, double lon0, double cell_m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= w * h) return;
  const double y = (i / w) * cell_m, x = (i % w) * cell_m;
  float best = -200.0f;
  for (int s = 0; s < n; ++s) {
    const double sx = (sites[s].lon - lon0) * kMetersPerDegLat * cos(lat0 * M_PI / 180.0);
    const double sy = (sites[s].lat - lat0) * kMetersPerDegLat;
    const double d_km = fmax(0.02, hypot(x - sx, y - sy) / 1000.0);
    const double f = sites[s].freq_mhz;
    const double l = 69.55 + 26.16 * log10(f) - 13.82 * log10(sites[s].height_m) +
                     (44.9 - 6.55 * log10(sites[s].height_m)) * log10(d_km) + 0.5 * clutter[i];
    best = fmaxf(best, sites[s].power_dbm + gain_adj[s] - (float)l);
  }
  rsrp[i] = best;
}

__global__ void profile_kernel(const short* dem, int dw, int dh, double x0, double y0, double x1, double y1,
                               float* out, int n) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= n) return;
  const double t = n > 1 ? (double)k / (n - 1) : 0.0;
  const int x = min(dw - 1, max(0, (int)(x0 + t * (x1 - x0))));
  const int y = min(dh - 1, max(0, (int)(y0 + t * (y1 - y0))));
  out[k] = dem[(size_t)y * dw + x];
}

inline int blocks(int n) { return (n + 255) / 256; }

}  // namespace

extern "C" {

int cm_init(cm_ctx** out, int max_sites, int w, int h) {
  if (out == NULL || max_sites <= 0 || w <= 0 || h <= 0) return CM_EARG;
  cm_ctx* c = (cm_ctx*)calloc(1, sizeof *c);
  if (c == NULL) return CM_ENOMEM;
  c->max_sites = max_sites;
  c->w = w;
  c->h = h;
  if (cudaHostAlloc((void**)&c->h_sites, (size_t)max_sites * sizeof(cm_site), cudaHostAllocPortable) !=
      cudaSuccess) {
    free(c);
    return CM_ENOMEM;
  }
  cudaStreamCreateWithFlags(&c->stream, cudaStreamNonBlocking);
  cudaMalloc((void**)&c->d_sites, (size_t)max_sites * sizeof(cm_site));
  cudaMalloc((void**)&c->d_clutter, (size_t)w * h);
  cudaMemset(c->d_clutter, 0, (size_t)w * h);
  cudaMalloc((void**)&c->d_rsrp, (size_t)w * h * sizeof(float));
  cudaMalloc((void**)&c->d_scratch, (size_t)w * h * sizeof(float));
  *out = c;
  return CM_OK;
}

void cm_shutdown(cm_ctx* c) {
  if (c == NULL) return;
  cudaStreamSynchronize(c->stream);
  cudaFreeHost(c->h_sites);
  if (c->h_antdb != NULL) cudaFreeHost(c->h_antdb);
  cudaFree(c->d_sites);
  cudaFree(c->d_clutter);
  cudaFree(c->d_rsrp);
  cudaFree(c->d_scratch);
  cudaFree(c->d_dem);
  cudaStreamDestroy(c->stream);
  free(c);
}

int cm_trace_sectors(cm_ctx* c, const cm_site* site, float* pathloss) {
  if (site->sectors <= 0 || site->sectors > 6) return CM_EARG;
  const size_t plane = (size_t)c->w * c->h;
  c->h_sites[0] = *site;
  cudaMemcpyAsync(c->d_sites, c->h_sites, sizeof(cm_site), cudaMemcpyHostToDevice, c->stream);
  for (int s = 0; s < site->sectors; ++s) {
    float* row = NULL;
    if (cudaMallocHost((void**)&row, plane * sizeof(float)) != cudaSuccess) return CM_ENOMEM;
    hata_kernel<<<blocks((int)plane), 256, 0, c->stream>>>(c->d_sites, s, c->d_clutter, c->d_scratch, c->w, c->h,
                                                              site->lat, site->lon, 10.0);
    cudaMemcpyAsync(row, c->d_scratch, plane * sizeof(float), cudaMemcpyDeviceToHost, c->stream);
    cudaStreamSynchronize(c->stream);
    memcpy(pathloss + (size_t)s * plane, row, plane * sizeof(float));
    cudaFreeHost(row);
  }
  return CM_OK;
}

int cm_predict_rsrp(cm_ctx* c, const cm_site* sites, int n, const float* gain_adj, float* rsrp) {
  if (n <= 0 || n > c->max_sites) return CM_EARG;
  const size_t plane = (size_t)c->w * c->h;
  memcpy(c->h_sites, sites, (size_t)n * sizeof(cm_site));
  cudaMemcpyAsync(c->d_sites, c->h_sites, (size_t)n * sizeof(cm_site), cudaMemcpyHostToDevice, c->stream);
  float* d_gain = NULL;
  cudaMallocAsync((void**)&d_gain, (size_t)n * sizeof(float), c->stream);
  cudaMemcpyAsync(d_gain, gain_adj, (size_t)n * sizeof(float), cudaMemcpyHostToDevice, c->stream);
  best_server_kernel<<<blocks((int)plane), 256, 0, c->stream>>>(c->d_sites, n, d_gain, c->d_clutter, c->d_rsrp, c->w,
                                                                   c->h, sites[0].lat, sites[0].lon, 10.0);
  cudaFreeAsync(d_gain, c->stream);
  float* h = NULL;
  if (cudaMallocHost((void**)&h, plane * sizeof(float)) != cudaSuccess) return CM_ENOMEM;
  cudaMemcpyAsync(h, c->d_rsrp, plane * sizeof(float), cudaMemcpyDeviceToHost, c->stream);
  cudaStreamSynchronize(c->stream);
  memcpy(rsrp, h, plane * sizeof(float));
  cudaFreeHost(h);
  return CM_OK;
}

int cm_extract_tile(cm_ctx* c, int tx, int ty, int tile, float* out) {
  if (tx < 0 || ty < 0 || tx >= c->w || ty >= c->h) return CM_EARG;
  const int cw = tile < c->w - tx ? tile : c->w - tx;
  const int ch = tile < c->h - ty ? tile : c->h - ty;
  cudaMemcpy2DAsync(out, (size_t)tile * sizeof(float), c->d_rsrp + (size_t)ty * c->w + tx, (size_t)c->w * sizeof(float),
                    (size_t)cw * sizeof(float), (size_t)ch, cudaMemcpyDeviceToHost, c->stream);
  return cudaStreamSynchronize(c->stream) == cudaSuccess ? CM_OK : CM_ECUDA;
}

int cm_terrain_profile(cm_ctx* c, const short* dem, int dw, int dh, double x0, double y0, double x1, double y1,
                       float* profile, int n) {
  if (n <= 0 || dw <= 0 || dh <= 0) return CM_EARG;
  const size_t dem_bytes = (size_t)dw * dh * sizeof(short);
  if (dem_bytes > c->dem_cap) {
    cudaFree(c->d_dem);
    if (cudaMalloc((void**)&c->d_dem, dem_bytes) != cudaSuccess) return CM_ENOMEM;
    c->dem_cap = dem_bytes;
  }
  if (cudaHostRegister(profile, (size_t)n * sizeof(float), cudaHostRegisterDefault) != cudaSuccess) return CM_ECUDA;
  float* d_out = NULL;
  cudaMallocAsync((void**)&d_out, (size_t)n * sizeof(float), c->stream);
  cudaMemcpyAsync(c->d_dem, dem, dem_bytes, cudaMemcpyHostToDevice, c->stream);
  profile_kernel<<<blocks(n), 256, 0, c->stream>>>(c->d_dem, dw, dh, x0, y0, x1, y1, d_out, n);
  cudaMemcpyAsync(profile, d_out, (size_t)n * sizeof(float), cudaMemcpyDeviceToHost, c->stream);
  cudaFreeAsync(d_out, c->stream);
  cudaStreamSynchronize(c->stream);
  cudaHostUnregister(profile);
  return CM_OK;
}

int cm_pattern_gain(cm_ctx* c, const float* h_cut, const float* v_cut, const float* az, float* gain, int n) {
  (void)c;
  for (int i = 0; i < n; ++i) {
    int a = ((int)lroundf(az[i]) % 360 + 360) % 360;
    gain[i] = -(h_cut[a] + v_cut[0]);
  }
  return CM_OK;
}

const char* cm_strerror(int rc) {
  switch (rc) {
    case CM_OK: return "ok";
    case CM_EIO: return "i/o error";
    case CM_ENOMEM: return "out of memory";
    case CM_EARG: return "bad argument";
    case CM_ECUDA: return "cuda error";
    case CM_EFORMAT: return "bad file format";
    default: return "unknown error";
  }
}

}  // extern "C"
