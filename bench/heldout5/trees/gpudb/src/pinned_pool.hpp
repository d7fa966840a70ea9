#pragma once
#include <rmm/mr/pinned_host_memory_resource.hpp>

#include <cstddef>
#include <mutex>
#include <vector>

class PinnedPool {
public:
    PinnedPool(size_t blocks, size_t block_bytes) : block_bytes_(block_bytes) {
        free_.reserve(blocks);
        for (size_t i = 0; i < blocks; ++i) free_.push_back(mr_.allocate(block_bytes_));
        all_ = free_;
    }
    ~PinnedPool() {
        for (void* p : all_) mr_.deallocate(p, block_bytes_);
    }
    void* acquire() {
        std::lock_guard<std::mutex> lk(mu_);
        if (free_.empty()) return nullptr;
        void* p = free_.back();
        free_.pop_back();
        return p;
    }
    void release(void* p) {
        std::lock_guard<std::mutex> lk(mu_);
        free_.push_back(p);
    }
    size_t block_bytes() const { return block_bytes_; }

private:
    rmm::mr::pinned_host_memory_resource mr_;
    size_t block_bytes_;
    std::vector<void*> free_, all_;
    std::mutex mu_;
};
