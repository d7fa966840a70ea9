/* Raw IQ recording ring and SigMF annotation output. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "sm_error.h"
#include "sm_internal.h"

int sm_record_open(sm_ctx* ctx, const char* path, void* ring, size_t ring_bytes) {
    SM_REQUIRE(!ctx->recording, "a recording is already open");
    /* The device writes decimated IQ straight into the caller's ring. */
    SM_TRY(cudaHostRegister(ring, ring_bytes, cudaHostRegisterDefault));
    const int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) {
        sm_set_error(__FILE__, __LINE__, strerror(errno));
        return -1;
    }
    ctx->rec_fd = fd;
    ctx->ring = ring;
    ctx->ring_bytes = ring_bytes;
    ctx->recording = 1;
    return 0;
}

int sm_record_close(sm_ctx* ctx) {
    if (!ctx->recording) return 0;
    cudaStreamSynchronize(ctx->stream);
    close(ctx->rec_fd);
    cudaHostUnregister(ctx->ring);
    ctx->rec_fd = -1;
    ctx->ring = NULL;
    ctx->recording = 0;
    return 0;
}

/* Annotations for the capture: one entry per detection, with a 16-bin spectrum snippet. */
int sm_write_sigmf(sm_ctx* ctx, const char* path, const sm_detection* dets, int n) {
    int rc = -1;
    float* snippets = NULL;
    FILE* f = NULL;
    const int bins = ctx->nfft / ctx->n_channels;
    const int step = bins / 16 > 0 ? bins / 16 : 1;

    if (n < 0) goto cleanup;
    if (cudaMallocHost((void**)&snippets, (size_t)(n > 0 ? n : 1) * 16 * sizeof(float)) != cudaSuccess)
        goto cleanup;
    for (int i = 0; i < n; ++i) {
        if (cudaMemcpy2DAsync(snippets + i * 16, sizeof(float), ctx->psd_d + dets[i].channel * bins,
                              step * sizeof(float), sizeof(float), 16, cudaMemcpyDeviceToHost,
                              ctx->stream) != cudaSuccess)
            goto cleanup;
    }
    if (cudaStreamSynchronize(ctx->stream) != cudaSuccess) goto cleanup;
    f = fopen(path, "w");
    if (!f) goto cleanup;
    fprintf(f, "{\"global\": {\"core:datatype\": \"ci16_le\", \"core:sample_rate\": %.1f},\n", ctx->sample_rate);
    fprintf(f, " \"annotations\": [\n");
    for (int i = 0; i < n; ++i) {
        fprintf(f, "  {\"core:freq_lower_edge\": %.1f, \"core:freq_upper_edge\": %.1f, \"specmon:snr_db\": %.2f,"
                   " \"specmon:spectrum\": [", dets[i].f_lo_hz, dets[i].f_hi_hz, dets[i].snr_db);
        for (int k = 0; k < 16; ++k) fprintf(f, "%s%.1f", k ? ", " : "", snippets[i * 16 + k]);
        fprintf(f, "]}%s\n", i + 1 < n ? "," : "");
    }
    fprintf(f, " ]}\n");
    rc = ferror(f) ? -1 : 0;
cleanup:
    if (rc != 0) sm_set_error(__FILE__, __LINE__, "writing SigMF annotations failed");
    if (f) fclose(f);
    if (snippets) cudaFreeHost(snippets);
    return rc;
}
