#pragma once

#include <opencv2/core.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace framedec {

// color_convert.cu: BGR8 HWC (host) -> normalised float CHW (host), mean/std per channel in RGB order.
void normalize_frame(const uint8_t* bgr, int width, int height, const float mean[3], const float inv_std[3],
                     float* out_chw);

// thumbnailer.cpp
cv::Mat make_contact_sheet(std::vector<cv::Mat> frames, int cols, int thumb_w);
bool export_poster(cv::Mat frame, const std::string& path, int width);

}  // namespace framedec
