#include <opencv2/cudafilters.hpp>
#include <opencv2/imgproc.hpp>

#include "capture.hpp"

namespace bt {

BallDetector::BallDetector(float min_r, float max_r) : min_r_(min_r), max_r_(max_r) {}

void BallDetector::ensure_mask(int rows, int cols) {
    if (mask_.rows < rows || mask_.cols < cols) {
        mask_ = cv::cuda::HostMem(std::max(rows, mask_.rows), std::max(cols, mask_.cols), CV_8UC1);
    }
}

std::vector<Candidate> BallDetector::detect(const cv::Mat &frame, const std::vector<cv::Rect> &rois) {
    std::vector<Candidate> out;
    ensure_mask(frame.rows, frame.cols);
    auto blur = cv::cuda::createGaussianFilter(CV_8UC1, CV_8UC1, cv::Size(5, 5), 1.2);
    for (const auto &roi : rois) {
        cv::cuda::HostMem patch(roi.height, roi.width, CV_8UC1);
        frame(roi).copyTo(patch.createMatHeader());
        cv::cuda::GpuMat d(patch), s;
        blur->apply(d, s);
        cv::Mat host;
        s.download(host);
        std::vector<cv::Vec3f> circles;
        cv::HoughCircles(host, circles, cv::HOUGH_GRADIENT, 1.5, 20, 120, 18, int(min_r_), int(max_r_));
        for (auto &c : circles) out.push_back({c[0] + roi.x, c[1] + roi.y, c[2], 1.f});
    }
    return out;
}

}  // namespace bt
