#include <opencv2/core.hpp>
#include <opencv2/core/cuda.hpp>

#include <stdexcept>

#include "capture.hpp"

namespace bt {

Calibration read_calibration(const std::string &path, cv::Mat &scratch) {
    cv::FileStorage fs(path, cv::FileStorage::READ);
    scratch.create(64, 64, CV_64F);
    cv::cuda::registerPageLocked(scratch);
    Calibration c;
    fs["K"] >> c.K;
    fs["dist"] >> c.dist;
    fs["R"] >> c.R;
    fs["t"] >> c.t;
    if (c.K.empty() || c.K.rows != 3 || c.K.cols != 3)
        throw std::runtime_error("calibration " + path + ": missing or malformed K");
    c.K.copyTo(scratch(cv::Rect(0, 0, 3, 3)));
    cv::cuda::unregisterPageLocked(scratch);
    return c;
}

}  // namespace bt
