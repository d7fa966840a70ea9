/* The program the trace tests run under `ghosttax trace`, linked against fakecudart.
 * Each pinning call carries a SITE marker that the tests look up to know its line.
 *   pinner            every pattern below, then exit 3
 *   pinner abort      pin twice, then abort()
 *   pinner exec       pin once, then exec `pinner abort` (one pid, two images)
 *   pinner bench N [K]  N pin+free pairs, prints nanoseconds per pair; with K, the
 *                       pairs cycle through K call stacks of different depths (more
 *                       than the interposer's per-thread stack cache holds: each call
 *                       is then unwound in full) */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int cudaMallocHost(void **p, size_t n);
int cudaHostAlloc(void **p, size_t n, unsigned f);
int cudaFreeHost(void *p);
int cudaHostRegister(void *p, size_t n, unsigned f);
int cuMemHostAlloc(void **p, size_t n, unsigned f);
int hipHostMalloc(void **p, size_t n, unsigned f);
int hipHostFree(void *p);

static char registered[65536];

__attribute__((noinline)) static void *pin_for_worker(size_t n) {
    void *p = NULL;
    cudaHostAlloc(&p, n, 0); /* SITE:worker */
    return p;
}

static void *worker(void *arg) {
    (void)arg;
    pin_for_worker(256); /* SITE:worker-call */
    return NULL;
}

__attribute__((noinline)) static void pair_at_depth(int d) {
    if (d > 0) {
        pair_at_depth(d - 1);
        __asm__ volatile("" ::: "memory"); /* not a tail call: each depth is its own stack */
        return;
    }
    void *p = NULL;
    cudaHostAlloc(&p, 4096, 0); /* SITE:bench-deep */
    cudaFreeHost(p);
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

int main(int argc, char **argv) {
    void *p = NULL;
    if (argc > 1 && !strcmp(argv[1], "abort")) {
        for (int i = 0; i < 2; i++) cudaHostAlloc(&p, 2048, 0); /* SITE:abort */
        abort();
    }
    if (argc > 1 && !strcmp(argv[1], "exec")) {
        cudaHostAlloc(&p, 128, 0); /* SITE:before-exec */
        char *again[] = {argv[0], "abort", NULL};
        execv(argv[0], again);
        return 1;
    }
    if (argc > 2 && !strcmp(argv[1], "bench")) {
        long n = atol(argv[2]);
        int k = argc > 3 ? atoi(argv[3]) : 0;
        double t0 = now();
        for (long i = 0; i < n; i++) {
            if (k > 0) {
                pair_at_depth((int)(i % k));
                continue;
            }
            cudaHostAlloc(&p, 4096, 0); /* SITE:bench-pin */
            cudaFreeHost(p);
        }
        printf("%.1f\n", (now() - t0) / (double)n);
        return 0;
    }
    void *keep[10];
    for (int i = 0; i < 10; i++) cudaHostAlloc(&keep[i], 4096 * (size_t)(i + 1), 0); /* SITE:loop */
    for (int i = 0; i < 10; i++) cudaFreeHost(keep[i]); /* SITE:loop-free */
    for (int i = 0; i < 5; i++) {
        cudaMallocHost(&p, 1 << 20); /* SITE:churn */
        cudaFreeHost(p); /* SITE:churn-free */
    }
    cudaHostRegister(registered, sizeof registered, 0); /* SITE:register */
    cuMemHostAlloc(&p, 8192, 0); /* SITE:driver */
    hipHostMalloc(&p, 1000, 0); /* SITE:hip */
    hipHostFree(p);
    cudaHostAlloc(&p, (size_t)1 << 50, 0); /* SITE:fails */
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
    pid_t child = fork();
    if (child == 0) {
        for (int i = 0; i < 3; i++) cudaHostAlloc(&p, 512, 0); /* SITE:child */
        _exit(0);
    }
    int status = 0;
    waitpid(child, &status, 0);
    printf("pinner done\n");
    return 3;
}
