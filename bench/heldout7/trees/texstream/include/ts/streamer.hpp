#pragma once
#include <hip/hip_runtime.h>

#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "ts/pinned.hpp"

namespace ts {

struct MipRequest {
    uint32_t texture, mip;
    std::string path;
    uint8_t* data = nullptr;
    size_t bytes = 0;
    std::function<void(const MipRequest&)> on_done;
};

class MipLoader {
public:
    virtual ~MipLoader() = default;
    virtual bool load_mip(MipRequest& req, hipStream_t stream, void* dst) = 0;
};

class DdsLoader : public MipLoader {
public:
    bool load_mip(MipRequest& req, hipStream_t stream, void* dst) override;
};

class KtxLoader : public MipLoader {
public:
    explicit KtxLoader(StagingPool& pool) : pool_(pool) {}
    bool load_mip(MipRequest& req, hipStream_t stream, void* dst) override;

private:
    StagingPool& pool_;
};

class ResidencyTracker {
public:
    explicit ResidencyTracker(size_t pages);
    std::vector<uint32_t> read_feedback(const uint32_t* d_feedback);

private:
    FeedbackView resident_;
    size_t pages_;
};

class TextureStreamer {
public:
    TextureStreamer(size_t budget_bytes);
    void enqueue(MipRequest req);
    void tick(const uint32_t* d_feedback);
    void upload_batch(std::vector<MipRequest>& batch);

private:
    StagingPool pool_;
    std::unique_ptr<MipLoader> dds_, ktx_;
    ResidencyTracker residency_;
    std::deque<MipRequest> queue_;
    hipStream_t stream_;
    void* d_heap_ = nullptr;
};

}  // namespace ts
