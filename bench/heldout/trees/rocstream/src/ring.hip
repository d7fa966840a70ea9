// Pinned frame ring and the feeder that moves captured frames to the GPU.
#include <cstring>

#include <hip/hip_runtime.h>

#include "frame_io.h"
#include "hip_check.h"

namespace rocstream {

HostRing::HostRing(size_t slot_bytes, int slots) : slot_bytes_(slot_bytes), n_(slots) {
    slots_ = new void*[n_];
    for (int i = 0; i < n_; ++i)
        HIP_CHECK(hipHostMalloc(&slots_[i], slot_bytes_, hipHostMallocPortable));
}

HostRing::~HostRing() {
    for (int i = 0; i < n_; ++i) hipHostFree(slots_[i]);
    delete[] slots_;
}

DeviceFeeder::DeviceFeeder(void* d_dst, size_t frame_bytes, hipStream_t stream)
    : d_dst_(d_dst), frame_bytes_(frame_bytes), stream_(stream) {}

void DeviceFeeder::push(const void* frame) {
    void* staging = nullptr;
    HIP_CHECK(hipHostMalloc(&staging, frame_bytes_, hipHostMallocDefault));
    std::memcpy(staging, frame, frame_bytes_);
    HIP_CHECK(hipMemcpyAsync(d_dst_, staging, frame_bytes_, hipMemcpyHostToDevice, stream_));
    HIP_CHECK(hipStreamSynchronize(stream_));
    HIP_CHECK(hipHostFree(staging));
}

void DeviceFeeder::push_from(void* capture_buffer) {
    HIP_CHECK(hipHostRegister(capture_buffer, frame_bytes_, hipHostRegisterDefault));
    HIP_CHECK(hipMemcpyAsync(d_dst_, capture_buffer, frame_bytes_, hipMemcpyHostToDevice, stream_));
    HIP_CHECK(hipStreamSynchronize(stream_));
}

void DeviceFeeder::attach_capture_pool(void* pool, size_t bytes) {
    HIP_CHECK(hipHostRegister(pool, bytes, hipHostRegisterPortable));
    pool_ = pool;
}

void DeviceFeeder::detach_capture_pool() {
    if (pool_) HIP_CHECK(hipHostUnregister(pool_));
    pool_ = nullptr;
}

}  // namespace rocstream
