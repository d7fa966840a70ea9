#pragma once

#include <cstddef>
#include <cstdint>

#include <hip/hip_runtime.h>

namespace rocstream {

struct FrameHeader {
    uint64_t sequence;
    uint64_t timestamp_ns;
    uint32_t width, height;
    uint32_t flags;
    uint32_t ready;
};

void stage_weights(const char* path, float* d_weights, size_t count);
int load_dark_table(const char* path, uint16_t* d_table, size_t count);
int load_flat_table(const char* path, float* d_table, size_t count);
int load_bad_pixels(const char* path, uint32_t** d_list, uint32_t* n_out);
FrameHeader* map_header(FrameHeader** d_alias);
void unmap_header(FrameHeader* h);

// Fixed ring of pinned frame slots (ring.hip).
class HostRing {
public:
    HostRing(size_t slot_bytes, int slots);
    ~HostRing();
    HostRing(const HostRing&) = delete;
    HostRing& operator=(const HostRing&) = delete;
    void* slot(uint64_t seq) const { return slots_[seq % n_]; }
    size_t slot_bytes() const { return slot_bytes_; }

private:
    size_t slot_bytes_;
    int n_;
    void** slots_;
};

class DeviceFeeder {
public:
    DeviceFeeder(void* d_dst, size_t frame_bytes, hipStream_t stream);
    void push(const void* frame);                  // copies through a staging buffer
    void push_from(void* capture_buffer);          // DMA directly from the capture buffer
    void attach_capture_pool(void* pool, size_t bytes);
    void detach_capture_pool();

private:
    void* d_dst_;
    size_t frame_bytes_;
    hipStream_t stream_;
    void* pool_ = nullptr;
};

}  // namespace rocstream
