#include <algorithm>

#include "ts/streamer.hpp"

namespace ts {

TextureStreamer::TextureStreamer(size_t budget_bytes)
    : pool_(16, 4u << 20),
      dds_(std::make_unique<DdsLoader>()),
      ktx_(std::make_unique<KtxLoader>(pool_)),
      residency_(budget_bytes / 65536) {
    (void)hipStreamCreateWithFlags(&stream_, hipStreamNonBlocking);
    (void)hipMalloc(&d_heap_, budget_bytes);
}

void TextureStreamer::enqueue(MipRequest req) { queue_.push_back(std::move(req)); }

void TextureStreamer::upload_batch(std::vector<MipRequest>& batch) {
    for (auto& req : batch) {
        if (!req.data) continue;
        (void)hipHostRegister(req.data, req.bytes, hipHostRegisterDefault);
        (void)hipMemcpyAsync(static_cast<uint8_t*>(d_heap_) + (size_t(req.texture) << 16), req.data, req.bytes,
                             hipMemcpyHostToDevice, stream_);
        (void)hipStreamSynchronize(stream_);
        (void)hipHostUnregister(req.data);
        if (req.on_done) req.on_done(req);
    }
}

void TextureStreamer::tick(const uint32_t* d_feedback) {
    for (uint32_t page : residency_.read_feedback(d_feedback))
        enqueue(MipRequest{page >> 4, page & 15u, "tex/" + std::to_string(page >> 4) + ".dds"});
    std::vector<MipRequest> ready;
    const size_t budget = 8;
    while (!queue_.empty() && ready.size() < budget) {
        MipRequest req = std::move(queue_.front());
        queue_.pop_front();
        MipLoader* loader = req.path.size() > 4 && req.path.compare(req.path.size() - 4, 4, ".ktx") == 0
                                ? ktx_.get()
                                : dds_.get();
        void* dst = static_cast<uint8_t*>(d_heap_) + (size_t(req.texture) << 16);
        if (loader->load_mip(req, stream_, dst))
            ready.push_back(std::move(req));
    }
    upload_batch(ready);
}

}  // namespace ts
