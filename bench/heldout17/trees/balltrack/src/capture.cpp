#include <opencv2/cudaarithm.hpp>
#include <opencv2/cudaimgproc.hpp>

#include "capture.hpp"

namespace bt {

CameraRig::CameraRig(int n_cameras, int width, int height) {
    for (int cam = 0; cam < n_cameras; ++cam) {
        slots_.emplace_back(height, width, CV_8UC3, cv::cuda::HostMem::PAGE_LOCKED);
        streams_.emplace_back();
        dev_.emplace_back(height, width, CV_8UC3);
    }
}

void CameraRig::grab_one(int cam, cv::Mat &dst) {
    // The caller's Mat is page-locked for the async download, then released.
    cv::cuda::registerPageLocked(dst);
    cv::Mat src = slots_[cam].createMatHeader();
    dev_[cam].upload(src, streams_[cam]);
    cv::cuda::GpuMat gray;
    cv::cuda::cvtColor(dev_[cam], gray, cv::COLOR_BGR2GRAY, 0, streams_[cam]);
    gray.download(dst, streams_[cam]);
    streams_[cam].waitForCompletion();
    cv::cuda::unregisterPageLocked(dst);
}

void CameraRig::grab_all(std::vector<cv::Mat> &out) {
    out.resize(slots_.size());
    for (int cam = 0; cam < int(slots_.size()); ++cam) {
        if (out[cam].empty()) out[cam].create(slots_[cam].rows, slots_[cam].cols, CV_8UC1);
        grab_one(cam, out[cam]);
    }
}

}  // namespace bt
