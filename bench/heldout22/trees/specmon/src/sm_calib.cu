/* Per-bin gain calibration (dB), measured with the station's noise source. */
#include <stdint.h>
#include <string.h>

#include "sm_error.h"
#include "sm_internal.h"

#define SM_CAL_MAGIC 0x4c41434du /* "MCAL" */

typedef struct {
    uint32_t magic;
    uint32_t n_points;
    double f_lo_hz;
    double f_hi_hz;
} sm_cal_header;

int sm_load_calibration(sm_ctx* ctx, const char* path) {
    FILE* f = fopen(path, "rb");
    SM_REQUIRE(f != NULL, "cannot open calibration file");
    sm_cal_header hdr;
    if (fread(&hdr, sizeof hdr, 1, f) != 1 || hdr.magic != SM_CAL_MAGIC) {
        fclose(f);
        sm_set_error(__FILE__, __LINE__, "not a specmon calibration file");
        return -1;
    }
    SM_REQUIRE(hdr.n_points == (uint32_t)ctx->nfft, "calibration was measured with another FFT size");

    float* gain = NULL;
    SM_TRY(cudaMallocHost((void**)&gain, hdr.n_points * sizeof(float)));
    const size_t got = fread(gain, sizeof(float), hdr.n_points, f);
    fclose(f);
    SM_REQUIRE(got == hdr.n_points, "calibration file truncated");
    if (!ctx->gain_db_d) SM_TRY(cudaMalloc((void**)&ctx->gain_db_d, hdr.n_points * sizeof(float)));
    SM_TRY(cudaMemcpyAsync(ctx->gain_db_d, gain, hdr.n_points * sizeof(float), cudaMemcpyHostToDevice,
                           ctx->stream));
    SM_TRY(cudaStreamSynchronize(ctx->stream));
    cudaFreeHost(gain);
    return 0;
}
