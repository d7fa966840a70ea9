#include "ts/pinned.hpp"

namespace ts {

StagingPool::StagingPool(int slots, size_t slot_bytes) : slot_bytes_(slot_bytes) {
    for (int frame = 0; frame < slots; ++frame) {
        uint8_t* p = nullptr;
        if (hipHostMalloc(reinterpret_cast<void**>(&p), slot_bytes, hipHostMallocWriteCombined) != hipSuccess)
            throw std::bad_alloc();
        all_.push_back(p);
        free_.push_back(p);
    }
}

StagingPool::~StagingPool() {
    for (uint8_t* p : all_) (void)hipHostFree(p);
}

uint8_t* StagingPool::acquire() {
    if (free_.empty()) return nullptr;
    uint8_t* p = free_.back();
    free_.pop_back();
    return p;
}

void StagingPool::release(uint8_t* p) { free_.push_back(p); }

}  // namespace ts
