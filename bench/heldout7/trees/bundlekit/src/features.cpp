#include <opencv2/cudafeatures2d.hpp>
#include <opencv2/cudaimgproc.hpp>

#include "ba/problem.hpp"

namespace ba {

Keypoints OrbExtractor::detect(const cv::Mat& gray) {
    cv::cuda::HostMem staging(gray.size(), gray.type(), cv::cuda::HostMem::AllocType::PAGE_LOCKED);
    gray.copyTo(staging);
    cv::cuda::GpuMat d_img;
    d_img.upload(staging);
    auto orb = cv::cuda::ORB::create(n_);
    Keypoints out;
    cv::cuda::GpuMat d_desc;
    orb->detectAndCompute(d_img, cv::noArray(), out.kps, d_desc);
    d_desc.download(out.desc);
    return out;
}

GridExtractor::GridExtractor(cv::Size max_size, int cell)
    : staging_(max_size, CV_8UC1, cv::cuda::HostMem::AllocType::PAGE_LOCKED), cell_(cell) {}

Keypoints GridExtractor::detect(const cv::Mat& gray) {
    cv::Mat view = staging_.createMatHeader()(cv::Rect(0, 0, gray.cols, gray.rows));
    gray.copyTo(view);
    cv::cuda::GpuMat d_img(view);
    auto fast = cv::cuda::FastFeatureDetector::create(20);
    Keypoints out;
    std::vector<cv::KeyPoint> all;
    fast->detect(d_img, all);
    for (const auto& kp : all)
        if (static_cast<int>(kp.pt.x) % cell_ == 0 || static_cast<int>(kp.pt.y) % cell_ == 0) out.kps.push_back(kp);
    return out;
}

}  // namespace ba
