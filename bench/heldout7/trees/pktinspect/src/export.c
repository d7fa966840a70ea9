#include "pi.h"

int pi_dump_alerts(const char* path, const pi_alert* alerts, int n) {
    int rc = -1;
    pi_alert* copy = NULL;
    FILE* fp = NULL;
    if (cudaMallocHost((void**)&copy, n * sizeof(pi_alert)) != cudaSuccess) return -1;
    memcpy(copy, alerts, n * sizeof(pi_alert));
    fp = fopen(path, "ab");
    if (!fp) goto done;
    if (fwrite(copy, sizeof(pi_alert), n, fp) != (size_t)n) goto close_file;
    rc = 0;
close_file:
    fclose(fp);
    cudaFreeHost(copy);
done:
    return rc;
}

int pi_write_stats(const char* path, const pi_ctx* c) {
    int rc = -1;
    uint64_t* snap = NULL;
    FILE* fp = NULL;
    if (cudaMallocHost((void**)&snap, 3 * sizeof(uint64_t)) != cudaSuccess) return -1;
    snap[0] = c->packets;
    snap[1] = c->bytes;
    snap[2] = c->alerts;
    fp = fopen(path, "w");
    if (!fp) goto out;
    if (fprintf(fp, "packets %llu\nbytes %llu\nalerts %llu\n", (unsigned long long)snap[0],
                (unsigned long long)snap[1], (unsigned long long)snap[2]) < 0)
        goto out_close;
    rc = 0;
out_close:
    fclose(fp);
out:
    cudaFreeHost(snap);
    return rc;
}
