#pragma once
#include <opencv2/core.hpp>
#include <opencv2/core/cuda.hpp>

#include <string>
#include <vector>

namespace bt {

class CameraRig {
public:
    CameraRig(int n_cameras, int width, int height);
    // Copies the latest frame of every camera into `out` (one Mat per camera, caller-owned).
    void grab_all(std::vector<cv::Mat> &out);
    int size() const { return int(slots_.size()); }

private:
    void grab_one(int cam, cv::Mat &dst);
    std::vector<cv::cuda::HostMem> slots_;
    std::vector<cv::cuda::Stream> streams_;
    std::vector<cv::cuda::GpuMat> dev_;
};

struct Candidate {
    float x, y, r, score;
};

class BallDetector {
public:
    explicit BallDetector(float min_r = 2.f, float max_r = 14.f);
    std::vector<Candidate> detect(const cv::Mat &frame, const std::vector<cv::Rect> &rois);

private:
    void ensure_mask(int rows, int cols);
    float min_r_, max_r_;
    cv::cuda::HostMem mask_;
};

struct Calibration {
    cv::Mat K, dist, R, t;
};

Calibration read_calibration(const std::string &path, cv::Mat &scratch);

}  // namespace bt
