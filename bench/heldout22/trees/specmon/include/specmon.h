/* specmon: GPU channeliser and occupancy detector. C API, used from Python via ctypes. */
#ifndef SPECMON_H
#define SPECMON_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sm_ctx sm_ctx;

typedef struct {
    int channel;
    float f_lo_hz;
    float f_hi_hz;
    float peak_dbm;
    float snr_db;
    float occupancy;
} sm_detection;

sm_ctx* sm_create(int device, int nfft, int n_channels, double sample_rate, double center_hz);
void sm_destroy(sm_ctx* ctx);

/* iq: n_samples complex int16 pairs; out_psd: nfft floats (dBm per bin). */
int sm_channelize(sm_ctx* ctx, const int16_t* iq, size_t n_samples, float* out_psd);
/* Returns the number of detections written to out (at most max_out), or -1. */
int sm_detect(sm_ctx* ctx, const float* psd, float threshold_db, sm_detection* out, int max_out);

int sm_load_calibration(sm_ctx* ctx, const char* path);
int sm_record_open(sm_ctx* ctx, const char* path, void* ring, size_t ring_bytes);
int sm_record_close(sm_ctx* ctx);
int sm_write_sigmf(sm_ctx* ctx, const char* path, const sm_detection* dets, int n);

const char* sm_last_error(void);

/* Post-installation check run by the station provisioning tool: round-trips a test
 * pattern through the device and reports the host<->device bandwidth in GB/s. */
int sm_selftest(int device, double* h2d_gbps, double* d2h_gbps);

#ifdef __cplusplus
}
#endif
#endif /* SPECMON_H */
