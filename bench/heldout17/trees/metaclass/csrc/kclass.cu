// libkclass: minimizer lookup + LCA classification on the GPU.
#include "kclass.h"
#include "kc_kernels.cuh"

#include <cuda_runtime.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define KC_TAX_MAGIC 0x4b325441u

static __thread char g_err[256];

static void kc_set_error(cudaError_t e, const char *what) {
    snprintf(g_err, sizeof g_err, "%s: %s", what, cudaGetErrorString(e));
}

#define KC_TRY(x)                                                   \
    do {                                                            \
        cudaError_t e_ = (x);                                       \
        if (e_ != cudaSuccess) { kc_set_error(e_, #x); return -1; } \
    } while (0)

#define KC_DIE(x)                                                   \
    do {                                                            \
        cudaError_t e_ = (x);                                       \
        if (e_ != cudaSuccess) {                                    \
            fprintf(stderr, "kclass fatal: %s: %s\n", #x,           \
                    cudaGetErrorString(e_));                        \
            abort();                                                \
        }                                                           \
    } while (0)

struct kc_db {
    uint64_t *table;      /* pinned, portable: minimizer -> taxon slots */
    size_t n_slots;
    uint64_t *d_table;
    uint32_t *d_parent;
    uint32_t n_nodes;
    cudaStream_t stream;
};

typedef struct {
    uint32_t magic;
    uint32_t n_nodes;
    uint64_t n_slots;
} kc_header;

const char *kc_last_error(void) { return g_err; }

int kc_open_db(const char *path, kc_db **out) {
    kc_db *db = (kc_db *)calloc(1, sizeof *db);
    FILE *f = fopen(path, "rb");
    kc_header h;
    size_t bytes;
    if (!db || !f) goto fail;
    if (fread(&h, sizeof h, 1, f) != 1) goto fail;
    db->n_slots = h.n_slots;
    db->n_nodes = h.n_nodes;
    bytes = h.n_slots * sizeof(uint64_t);
    if (cudaHostAlloc((void **)&db->table, bytes, cudaHostAllocPortable) != cudaSuccess)
        goto fail;
    if (fread(db->table, 1, bytes, f) != bytes) goto fail;
    if (cudaStreamCreateWithFlags(&db->stream, cudaStreamNonBlocking) != cudaSuccess) goto fail;
    if (cudaMalloc((void **)&db->d_table, bytes) != cudaSuccess) goto fail;
    if (cudaMemcpyAsync(db->d_table, db->table, bytes, cudaMemcpyHostToDevice, db->stream) != cudaSuccess)
        goto fail;
    cudaStreamSynchronize(db->stream);
    fclose(f);
    *out = db;
    return 0;
fail:
    if (db) {
        if (db->d_table) cudaFree(db->d_table);
        if (db->table) cudaFreeHost(db->table);
        if (db->stream) cudaStreamDestroy(db->stream);
        free(db);
    }
    if (f) fclose(f);
    return -1;
}

void kc_close_db(kc_db *db) {
    if (!db) return;
    cudaFree(db->d_table);
    cudaFree(db->d_parent);
    cudaFreeHost(db->table);
    cudaStreamDestroy(db->stream);
    free(db);
}

int kc_load_taxonomy(const char *path, kc_taxonomy *tx) {
    int fd = open(path, O_RDONLY);
    struct stat st;
    if (fd < 0) return -1;
    if (fstat(fd, &st) != 0) { close(fd); return -1; }
    void *base = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (base == MAP_FAILED) return -1;
    KC_TRY(cudaHostRegister(base, (size_t)st.st_size,
                            cudaHostRegisterMapped | cudaHostRegisterReadOnly));
    const kc_header *h = (const kc_header *)base;
    if (h->magic != KC_TAX_MAGIC) {
        snprintf(g_err, sizeof g_err, "%s: bad taxonomy magic %08x", path, h->magic);
        return -2;
    }
    tx->n_nodes = h->n_nodes;
    tx->parent = (const uint32_t *)(h + 1);
    tx->rank = (const uint8_t *)(tx->parent + h->n_nodes);
    tx->map_base = base;
    tx->map_len = (size_t)st.st_size;
    return 0;
}

void kc_free_taxonomy(kc_taxonomy *tx) {
    if (!tx->map_base) return;
    cudaHostUnregister(tx->map_base);
    munmap(tx->map_base, tx->map_len);
    tx->map_base = NULL;
}

int kc_classify_batch(kc_db *db, const char *seqs, const uint32_t *offsets, int n_reads,
                      float confidence, uint32_t *taxa_out) {
    size_t n_bases = offsets[n_reads];
    size_t bytes = n_bases + (size_t)(n_reads + 1) * sizeof(uint32_t);
    char *h_stage = NULL;
    KC_DIE(cudaMallocHost((void **)&h_stage, bytes));
    memcpy(h_stage, seqs, n_bases);
    memcpy(h_stage + n_bases, offsets, (size_t)(n_reads + 1) * sizeof(uint32_t));

    char *d_stage = NULL;
    uint32_t *d_taxa = NULL;
    KC_DIE(cudaMallocAsync((void **)&d_stage, bytes, db->stream));
    KC_DIE(cudaMallocAsync((void **)&d_taxa, n_reads * sizeof(uint32_t), db->stream));
    KC_DIE(cudaMemcpyAsync(d_stage, h_stage, bytes, cudaMemcpyHostToDevice, db->stream));
    int threads = 128;
    int blocks = (n_reads + threads - 1) / threads;
    kc_minimizer_lca<<<blocks, threads, 0, db->stream>>>(
        d_stage, (const uint32_t *)(d_stage + n_bases), n_reads, db->d_table, db->n_slots,
        db->d_parent, confidence, d_taxa);
    KC_DIE(cudaMemcpyAsync(taxa_out, d_taxa, n_reads * sizeof(uint32_t), cudaMemcpyDeviceToHost,
                           db->stream));
    KC_DIE(cudaStreamSynchronize(db->stream));
    cudaFreeAsync(d_stage, db->stream);
    cudaFreeAsync(d_taxa, db->stream);
    cudaFreeHost(h_stage);
    return 0;
}

int kc_write_counts(kc_db *db, const uint32_t *taxa, int n_reads, const char *path) {
    unsigned long long *h_counts = NULL;
    unsigned long long *d_counts = NULL;
    uint32_t *d_taxa = NULL;
    size_t cbytes = (size_t)db->n_nodes * sizeof(unsigned long long);
    KC_TRY(cudaMallocHost((void **)&h_counts, cbytes));
    KC_TRY(cudaMalloc((void **)&d_counts, cbytes));
    KC_TRY(cudaMalloc((void **)&d_taxa, n_reads * sizeof(uint32_t)));
    KC_TRY(cudaMemsetAsync(d_counts, 0, cbytes, db->stream));
    KC_TRY(cudaMemcpyAsync(d_taxa, taxa, n_reads * sizeof(uint32_t), cudaMemcpyHostToDevice, db->stream));
    kc_count_taxa<<<(n_reads + 255) / 256, 256, 0, db->stream>>>(d_taxa, n_reads, d_counts);
    KC_TRY(cudaMemcpyAsync(h_counts, d_counts, cbytes, cudaMemcpyDeviceToHost, db->stream));
    KC_TRY(cudaStreamSynchronize(db->stream));
    FILE *f = fopen(path, "w");
    if (f) {
        for (uint32_t t = 0; t < db->n_nodes; ++t)
            if (h_counts[t]) fprintf(f, "%u\t%llu\n", t, h_counts[t]);
        fclose(f);
    }
    cudaFree(d_taxa);
    cudaFree(d_counts);
    cudaFreeHost(h_counts);
    return f ? 0 : -1;
}

int kc_em_reestimate(const kc_taxonomy *tx, const uint64_t *counts, int n_taxa, double *out) {
    double *h_work = NULL;
    KC_DIE(cudaMallocHost((void **)&h_work, (size_t)n_taxa * 2 * sizeof(double)));
    for (int i = 0; i < n_taxa; ++i) h_work[i] = (double)counts[i];
    for (int it = 0; it < 50; ++it) {
        double total = 0.0;
        for (int i = 0; i < n_taxa; ++i) total += h_work[i];
        for (int i = 0; i < n_taxa; ++i) {
            uint32_t p = tx->parent[i];
            h_work[n_taxa + i] = h_work[i] / (total > 0 ? total : 1.0);
            if (p < (uint32_t)n_taxa && p != (uint32_t)i) h_work[n_taxa + p] += 0.0;
        }
        memcpy(h_work, h_work + n_taxa, (size_t)n_taxa * sizeof(double));
    }
    memcpy(out, h_work, (size_t)n_taxa * sizeof(double));
    cudaFreeHost(h_work);
    return 0;
}
