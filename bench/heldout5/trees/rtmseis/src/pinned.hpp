#pragma once
#include <hip/hip_runtime.h>
#include <cstddef>
#include <new>
#include <utility>

// Owning page-locked host array.
template <typename T>
class PinnedHost {
public:
    PinnedHost() = default;
    explicit PinnedHost(size_t n) : n_(n) {
        if (hipHostMalloc(reinterpret_cast<void**>(&p_), n * sizeof(T), hipHostMallocDefault) != hipSuccess)
            throw std::bad_alloc();
    }
    ~PinnedHost() { if (p_) (void)hipHostFree(p_); }
    PinnedHost(const PinnedHost&) = delete;
    PinnedHost& operator=(const PinnedHost&) = delete;
    PinnedHost(PinnedHost&& o) noexcept : p_(std::exchange(o.p_, nullptr)), n_(std::exchange(o.n_, 0)) {}
    PinnedHost& operator=(PinnedHost&& o) noexcept {
        if (this != &o) {
            if (p_) (void)hipHostFree(p_);
            p_ = std::exchange(o.p_, nullptr);
            n_ = std::exchange(o.n_, 0);
        }
        return *this;
    }
    T* data() { return p_; }
    const T* data() const { return p_; }
    size_t size() const { return n_; }
    T& operator[](size_t i) { return p_[i]; }

private:
    T* p_ = nullptr;
    size_t n_ = 0;
};
