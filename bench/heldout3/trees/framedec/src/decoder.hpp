#pragma once

#include <opencv2/core.hpp>
#include <opencv2/core/cuda.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace framedec {

// Host-side frame store for a GOP plus a side-data area for SEI payloads.
class FramePool {
public:
    explicit FramePool(size_t frame_bytes) : frame_bytes_(frame_bytes) {}
    ~FramePool();
    FramePool(const FramePool&) = delete;
    FramePool& operator=(const FramePool&) = delete;

    void grow(size_t n_frames);
    void reserve_side(size_t bytes);

    uint8_t* frame(size_t i) { return base_ + i * frame_bytes_; }
    uint8_t* side() { return side_; }
    size_t capacity() const { return capacity_; }
    size_t frame_bytes() const { return frame_bytes_; }

private:
    size_t frame_bytes_;
    uint8_t* base_ = nullptr;
    size_t capacity_ = 0;
    uint8_t* side_ = nullptr;
    size_t side_cap_ = 0;
};

struct Packet {
    const uint8_t* data;
    size_t size;
    int64_t pts;
    bool keyframe;
    size_t sei_bytes;
};

// NVDEC session; one per stream. The backend writes NV12 surfaces into device memory.
class DecoderBackend {
public:
    virtual ~DecoderBackend() = default;
    virtual bool decode(const Packet& pkt, cv::cuda::GpuMat& nv12) = 0;
    virtual int gop_length() const = 0;
    static std::unique_ptr<DecoderBackend> create(const std::string& codec, int width, int height);
};

class FrameDecoder {
public:
    FrameDecoder(const std::string& codec, int width, int height, int ring_size = 4);

    // Decodes one packet; returns the frame (BGR, cropped to roi if set) or an empty Mat.
    cv::Mat decode_next(const Packet& pkt);
    void set_crop(const cv::Rect& roi) { roi_ = roi; }
    int width() const { return width_; }
    int height() const { return height_; }

private:
    void probe();

    int width_, height_;
    std::unique_ptr<DecoderBackend> backend_;
    cv::cuda::Stream stream_;
    cv::cuda::GpuMat nv12_, bgr_;
    std::vector<cv::cuda::HostMem> ring_;
    size_t next_ = 0;
    cv::Rect roi_;
    FramePool pool_;
    bool hdr_ = false;
};

}  // namespace framedec
