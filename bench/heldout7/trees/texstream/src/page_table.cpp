#include <stdexcept>

#include "ts/pinned.hpp"

namespace ts {

class PageTable {
public:
    ~PageTable() {
        if (host_) (void)hipHostFree(host_);
    }

    void resize(size_t entries) {
        if (entries <= capacity_) return;
        uint32_t* grown = nullptr;
        if (hipHostMalloc(reinterpret_cast<void**>(&grown), entries * sizeof(uint32_t), hipHostMallocDefault) !=
            hipSuccess)
            throw std::bad_alloc();
        if (host_) {
            std::copy(host_, host_ + capacity_, grown);
            (void)hipHostFree(host_);
        }
        host_ = grown;
        capacity_ = entries;
    }

    void flush(uint32_t* d_table, size_t entries, hipStream_t stream) {
        uint32_t* upload = nullptr;
        (void)hipHostMalloc(reinterpret_cast<void**>(&upload), entries * sizeof(uint32_t), hipHostMallocDefault);
        std::copy(host_, host_ + entries, upload);
        validate(upload, entries);
        (void)hipMemcpyAsync(d_table, upload, entries * sizeof(uint32_t), hipMemcpyHostToDevice, stream);
        (void)hipStreamSynchronize(stream);
        (void)hipHostFree(upload);
    }

    uint32_t& operator[](size_t i) { return host_[i]; }

private:
    static void validate(const uint32_t* t, size_t n) {
        for (size_t i = 0; i < n; ++i)
            if (t[i] != 0xffffffffu && (t[i] >> 28) > 12) throw std::runtime_error("page table: bad mip level");
    }

    uint32_t* host_ = nullptr;
    size_t capacity_ = 0;
};

}  // namespace ts

#include "page_table_api.inc"
