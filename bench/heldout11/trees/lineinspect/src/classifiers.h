#pragma once
#include <functional>
#include <map>
#include <memory>
#include <string>

#include <opencv2/core.hpp>

struct Defect {
  cv::Rect box;
  double area;
  int klass = -1;
  float score = 0.f;
};

class Classifier {
 public:
  virtual ~Classifier() = default;
  virtual void classify(const cv::Mat& frame, Defect& d) = 0;
};

using ClassifierFactory = std::function<std::unique_ptr<Classifier>()>;
const std::map<std::string, ClassifierFactory>& classifier_registry();
