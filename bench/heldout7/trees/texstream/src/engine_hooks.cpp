#include <hip/hip_runtime.h>

#include <memory>

#include "ts/streamer.hpp"

namespace ts {
class PageTable;
void page_table_resize(size_t entries);
void page_table_flush(uint32_t* d_table, size_t entries, hipStream_t stream);
}  // namespace ts

namespace {
std::unique_ptr<ts::TextureStreamer> g_streamer;
void* g_heap = nullptr;
size_t g_heap_bytes = 0;

struct FrameStats {
    uint64_t frame;
    uint32_t requests, uploads;
};
}  // namespace

extern "C" int ts_init(void* engine_heap, size_t heap_bytes, size_t budget) {
    Kokkos::initialize();
    if (hipHostRegister(engine_heap, heap_bytes, hipHostRegisterMapped) != hipSuccess) return -1;
    g_heap = engine_heap;
    g_heap_bytes = heap_bytes;
    g_streamer = std::make_unique<ts::TextureStreamer>(budget);
    ts::page_table_resize(1u << 16);
    return 0;
}

extern "C" void ts_on_frame(uint64_t frame, const uint32_t* d_feedback, uint32_t* d_table, hipStream_t stream) {
    FrameStats* stats = nullptr;
    (void)hipHostMalloc(reinterpret_cast<void**>(&stats), sizeof(FrameStats), hipHostMallocCoherent);
    stats->frame = frame;
    g_streamer->tick(d_feedback);
    ts::page_table_flush(d_table, 1u << 16, stream);
    stats->requests = 0;
    (void)hipHostFree(stats);
}

extern "C" void ts_shutdown() {
    g_streamer.reset();
    (void)hipHostUnregister(g_heap);
    Kokkos::finalize();
}
