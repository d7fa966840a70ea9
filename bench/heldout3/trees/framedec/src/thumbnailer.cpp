#include "ops.hpp"

#include <opencv2/core/cuda.hpp>
#include <opencv2/cudawarping.hpp>
#include <opencv2/imgcodecs.hpp>

#include <algorithm>

namespace framedec {

cv::Mat make_contact_sheet(std::vector<cv::Mat> frames, int cols, int thumb_w) {
    if (frames.empty()) {
        return cv::Mat();
    }
    const int th = thumb_w * frames[0].rows / std::max(1, frames[0].cols);
    const int rows = (static_cast<int>(frames.size()) + cols - 1) / cols;
    cv::Mat sheet(rows * th, cols * thumb_w, CV_8UC3, cv::Scalar::all(16));
    cv::cuda::Stream s;
    cv::cuda::GpuMat g, small;
    for (size_t i = 0; i < frames.size(); ++i) {
        cv::Mat& f = frames[i];
        cv::cuda::registerPageLocked(f);
        g.upload(f, s);
        cv::cuda::resize(g, small, cv::Size(thumb_w, th), 0, 0, cv::INTER_AREA, s);
        const cv::Rect cell(static_cast<int>(i % cols) * thumb_w, static_cast<int>(i / cols) * th, thumb_w, th);
        cv::Mat dst = sheet(cell);
        small.download(dst, s);
        s.waitForCompletion();
        cv::cuda::unregisterPageLocked(f);
    }
    return sheet;
}

bool export_poster(cv::Mat frame, const std::string& path, int width) {
    cv::cuda::registerPageLocked(frame);
    cv::cuda::GpuMat g(frame), out;
    const int height = width * frame.rows / std::max(1, frame.cols);
    cv::cuda::resize(g, out, cv::Size(width, height), 0, 0, cv::INTER_LANCZOS4);
    cv::Mat host;
    out.download(host);
    if (!cv::imwrite(path, host, {cv::IMWRITE_JPEG_QUALITY, 92})) {
        return false;
    }
    cv::cuda::unregisterPageLocked(frame);
    return true;
}

}  // namespace framedec
