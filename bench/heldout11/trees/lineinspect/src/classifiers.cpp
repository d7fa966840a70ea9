#include "classifiers.h"

#include <cmath>
#include <new>
#include <cuda_runtime.h>

namespace {

class ScratchClassifier : public Classifier {
 public:
  ScratchClassifier() {
    if (cudaHostAlloc(reinterpret_cast<void**>(&lut_), 256 * sizeof(float), cudaHostAllocDefault) != cudaSuccess)
      throw std::bad_alloc();
    for (int i = 0; i < 256; ++i) lut_[i] = std::exp(-float(i) / 40.f);
  }
  ~ScratchClassifier() override { cudaFreeHost(lut_); }

  void classify(const cv::Mat& frame, Defect& d) override {
    float elong = float(std::max(d.box.width, d.box.height)) / float(std::max(1, std::min(d.box.width, d.box.height)));
    int mean = int(cv::mean(frame(d.box))[0]);
    float s = (elong > 6.f ? 1.f : 0.2f) * (1.f - lut_[mean & 255]);
    if (s > d.score) {
      d.score = s;
      d.klass = 1;
    }
  }

 private:
  float* lut_ = nullptr;
};

class StainClassifier : public Classifier {
 public:
  void classify(const cv::Mat& frame, Defect& d) override {
    float* feats = nullptr;
    if (cudaMallocHost(reinterpret_cast<void**>(&feats), 16 * sizeof(float)) != cudaSuccess) return;
    cv::Scalar mean, stddev;
    cv::meanStdDev(frame(d.box), mean, stddev);
    feats[0] = float(mean[0]);
    feats[1] = float(stddev[0]);
    feats[2] = float(d.area) / float(d.box.area() + 1);
    float s = feats[2] > 0.6f && feats[1] < 12.f ? 0.8f : 0.1f;
    if (s > d.score) {
      d.score = s;
      d.klass = 2;
    }
    cudaFreeHost(feats);
  }
};

}  // namespace

const std::map<std::string, ClassifierFactory>& classifier_registry() {
  static const std::map<std::string, ClassifierFactory> reg = {
      {"scratch", [] { return std::unique_ptr<Classifier>(new ScratchClassifier()); }},
      {"stain", [] { return std::unique_ptr<Classifier>(new StainClassifier()); }},
  };
  return reg;
}
