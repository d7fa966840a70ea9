#pragma once
#include <hip/hip_runtime.h>

#include <Kokkos_Core.hpp>
#include <cstdint>
#include <memory>
#include <new>

namespace ts {

template <typename T>
class HipPinned {
public:
    explicit HipPinned(size_t n) : n_(n) {
        if (hipHostMalloc(reinterpret_cast<void**>(&p_), n * sizeof(T), hipHostMallocDefault) != hipSuccess)
            throw std::bad_alloc();
    }
    ~HipPinned() { (void)hipHostFree(p_); }
    HipPinned(const HipPinned&) = delete;
    HipPinned& operator=(const HipPinned&) = delete;
    T* get() { return p_; }
    size_t size() const { return n_; }

private:
    T* p_ = nullptr;
    size_t n_;
};

struct HipHostDeleter {
    void operator()(uint8_t* p) const { (void)hipHostFree(p); }
};
using HostBytes = std::unique_ptr<uint8_t[], HipHostDeleter>;

using FeedbackView = Kokkos::View<uint32_t*, Kokkos::HIPHostPinnedSpace>;

class StagingPool {
public:
    StagingPool(int slots, size_t slot_bytes);
    ~StagingPool();
    uint8_t* acquire();
    void release(uint8_t* p);

private:
    std::vector<uint8_t*> all_, free_;
    size_t slot_bytes_;
};

}  // namespace ts
