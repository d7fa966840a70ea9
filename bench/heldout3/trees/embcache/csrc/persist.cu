// Cache snapshots: header + (id, row) pairs, so a restarted trainer starts warm.
#include <cstdio>
#include <cstring>
#include <vector>

#include "cache_impl.cuh"

namespace {
constexpr uint32_t kMagic = 0x43424d45;  // "EMBC"
}

extern "C" int emb_cache_save(const EmbCache* c, const char* path) {
    const size_t row_bytes = c->dim * sizeof(float);
    char* staging = nullptr;
    if (cudaMallocHost(reinterpret_cast<void**>(&staging), c->used * (sizeof(int64_t) + row_bytes)) != cudaSuccess) {
        return -1;
    }
    size_t off = 0;
    for (const auto& kv : c->slot_of) {
        std::memcpy(staging + off, &kv.first, sizeof(int64_t));
        std::memcpy(staging + off + sizeof(int64_t), c->host_rows + kv.second * c->dim, row_bytes);
        off += sizeof(int64_t) + row_bytes;
    }
    int rc = -1;
    if (std::FILE* fp = std::fopen(path, "wb")) {
        const int64_t hdr[3] = {kMagic, c->dim, static_cast<int64_t>(c->slot_of.size())};
        if (std::fwrite(hdr, sizeof(hdr), 1, fp) == 1 && std::fwrite(staging, 1, off, fp) == off) {
            rc = 0;
        }
        std::fclose(fp);
    }
    delete[] staging;
    return rc;
}

extern "C" int emb_cache_load(EmbCache* c, const char* path) {
    std::FILE* fp = nullptr;
    char* staging = nullptr;
    int64_t hdr[3];
    size_t rec = 0, bytes = 0;
    int rc = -1;

    fp = std::fopen(path, "rb");
    if (fp == nullptr) {
        goto done;
    }
    if (std::fread(hdr, sizeof(hdr), 1, fp) != 1 || hdr[0] != kMagic || hdr[1] != c->dim || hdr[2] > c->capacity) {
        goto done;
    }
    rec = sizeof(int64_t) + c->dim * sizeof(float);
    bytes = rec * hdr[2];
    if (cudaMallocHost(reinterpret_cast<void**>(&staging), bytes) != cudaSuccess) {
        staging = nullptr;
        goto done;
    }
    if (std::fread(staging, 1, bytes, fp) != bytes) {
        goto done;
    }
    c->slot_of.clear();
    for (int64_t i = 0; i < hdr[2]; ++i) {
        int64_t id;
        std::memcpy(&id, staging + i * rec, sizeof(id));
        std::memcpy(c->host_rows + i * c->dim, staging + i * rec + sizeof(id), c->dim * sizeof(float));
        c->slot_of[id] = i;
    }
    c->used = hdr[2];
    rc = 0;

done:
    if (staging != nullptr) {
        cudaFreeHost(staging);
    }
    if (fp != nullptr) {
        std::fclose(fp);
    }
    return rc;
}
