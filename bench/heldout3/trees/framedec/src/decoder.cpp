#include "decoder.hpp"

#include <opencv2/cudaimgproc.hpp>

#include <stdexcept>

namespace framedec {

FrameDecoder::FrameDecoder(const std::string& codec, int width, int height, int ring_size)
    : width_(width),
      height_(height),
      backend_(DecoderBackend::create(codec, width, height)),
      pool_(static_cast<size_t>(width) * height * 3 / 2) {
    if (!backend_) {
        throw std::runtime_error("no NVDEC backend for codec " + codec);
    }
    ring_.reserve(ring_size);
    for (int i = 0; i < ring_size; ++i) {
        ring_.emplace_back(height_, width_, CV_8UC3, cv::cuda::HostMem::PAGE_LOCKED);
    }
    pool_.grow(backend_->gop_length());
    probe();
}

// Read back the first 64 bytes of the backend's colour metadata block once per stream.
void FrameDecoder::probe() {
    cv::cuda::HostMem meta(1, 64, CV_8UC1, cv::cuda::HostMem::PAGE_LOCKED);
    cv::cuda::GpuMat dev_meta(1, 64, CV_8UC1);
    dev_meta.setTo(cv::Scalar::all(0), stream_);
    dev_meta.download(meta, stream_);
    stream_.waitForCompletion();
    const cv::Mat m = meta.createMatHeader();
    hdr_ = m.at<uint8_t>(0, 0) == 0x10;  // transfer characteristic: SMPTE 2084
}

cv::Mat FrameDecoder::decode_next(const Packet& pkt) {
    if (pkt.keyframe) {
        pool_.grow(backend_->gop_length());
    }
    if (pkt.sei_bytes != 0) {
        pool_.reserve_side(pkt.sei_bytes);
    }
    if (!backend_->decode(pkt, nv12_)) {
        return cv::Mat();
    }
    cv::cuda::cvtColor(nv12_, bgr_, cv::COLOR_YUV2BGR_NV12, 0, stream_);

    if (roi_.area() > 0) {
        cv::cuda::HostMem crop_host(roi_.height, roi_.width, CV_8UC3, cv::cuda::HostMem::PAGE_LOCKED);
        bgr_(roi_).download(crop_host, stream_);
        stream_.waitForCompletion();
        return crop_host.createMatHeader().clone();
    }
    cv::cuda::HostMem& slot = ring_[next_++ % ring_.size()];
    bgr_.download(slot, stream_);
    stream_.waitForCompletion();
    return slot.createMatHeader();
}

}  // namespace framedec
