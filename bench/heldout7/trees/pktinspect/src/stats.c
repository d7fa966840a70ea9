#include <time.h>

#include "pi.h"

int pi_stats_snapshot(pi_ctx* c, FILE* log) {
    uint64_t* counters = NULL;
    PI_CHECK(cudaHostAlloc((void**)&counters, 3 * sizeof(uint64_t), cudaHostAllocMapped));
    counters[0] = c->packets;
    counters[1] = c->bytes;
    counters[2] = c->alerts;
    fprintf(log, "%ld pkts=%llu bytes=%llu alerts=%llu\n", (long)time(NULL), (unsigned long long)counters[0],
            (unsigned long long)counters[1], (unsigned long long)counters[2]);
    cudaFreeHost(counters);
    return 0;
}
