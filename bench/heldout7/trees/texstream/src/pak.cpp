#include <cstdio>
#include <cstring>
#include <memory>

#include "ts/pinned.hpp"

namespace ts {

struct PakToc {
    uint32_t count;
    uint64_t* offsets;
    FILE* fp;
};

PakToc* open_pak(const char* path) {
    FILE* fp = std::fopen(path, "rb");
    if (!fp) return nullptr;
    uint32_t header[2];
    if (std::fread(header, sizeof(uint32_t), 2, fp) != 2) {
        std::fclose(fp);
        return nullptr;
    }
    uint64_t* offsets = nullptr;
    if (hipHostMalloc(reinterpret_cast<void**>(&offsets), header[1] * sizeof(uint64_t), hipHostMallocDefault) !=
        hipSuccess) {
        std::fclose(fp);
        return nullptr;
    }
    if (header[0] != 0x4b415054u /* 'TPAK' */) {
        std::fclose(fp);
        return nullptr;
    }
    std::fread(offsets, sizeof(uint64_t), header[1], fp);
    return new PakToc{header[1], offsets, fp};
}

void close_pak(PakToc* toc) {
    (void)hipHostFree(toc->offsets);
    std::fclose(toc->fp);
    delete toc;
}

HostBytes read_entry(PakToc* toc, uint32_t i, size_t* out_bytes) {
    const uint64_t begin = toc->offsets[i];
    const uint64_t end = i + 1 < toc->count ? toc->offsets[i + 1] : begin;
    uint8_t* raw = nullptr;
    if (hipHostMalloc(reinterpret_cast<void**>(&raw), end - begin, hipHostMallocDefault) != hipSuccess) return {};
    HostBytes bytes(raw);
    std::fseek(toc->fp, static_cast<long>(begin), SEEK_SET);
    if (std::fread(bytes.get(), 1, end - begin, toc->fp) != end - begin) return {};
    *out_bytes = end - begin;
    return bytes;
}

}  // namespace ts
