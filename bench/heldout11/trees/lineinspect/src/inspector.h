#pragma once
#include <memory>
#include <string>
#include <vector>

#include "camera_ring.h"
#include "classifiers.h"
#include "flatfield.h"
#include "stitcher.h"

class Inspector {
 public:
  Inspector(int width, int frame_lines, const std::string& flat_path, const std::vector<std::string>& classifiers);
  int push_line(const uint8_t* line);
  std::vector<Defect> take_defects();
  const std::vector<Defect>& history() const { return history_; }

 private:
  void process_frame(cv::Mat frame);
  void measure_blobs(const cv::Mat& frame, const cv::Mat& mask, std::vector<Defect>& out);

  LineRing ring_;
  Stitcher stitcher_;
  FlatField flat_;
  std::vector<std::unique_ptr<Classifier>> classifiers_;
  std::vector<Defect> pending_, history_;
  int line_no_ = 0;
};
