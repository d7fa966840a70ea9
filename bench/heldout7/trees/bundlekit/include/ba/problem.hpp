#pragma once
#include <opencv2/core.hpp>

#include <functional>
#include <string>
#include <vector>

namespace ba {

struct Observation {
    int camera, point;
    float x, y;
};

struct Problem {
    int n_cameras = 0, n_points = 0;
    std::vector<double> cameras;  // 9 per camera (angle-axis, t, f, k1, k2)
    std::vector<double> points;   // 3 per point
    std::vector<Observation> obs;
    size_t n_params() const { return cameras.size() + points.size(); }
};

struct Keypoints {
    std::vector<cv::KeyPoint> kps;
    cv::Mat desc;
};

class FeatureExtractor {
public:
    virtual ~FeatureExtractor() = default;
    virtual Keypoints detect(const cv::Mat& gray) = 0;
};

class OrbExtractor : public FeatureExtractor {
public:
    explicit OrbExtractor(int n_features) : n_(n_features) {}
    Keypoints detect(const cv::Mat& gray) override;

private:
    int n_;
};

class GridExtractor : public FeatureExtractor {
public:
    GridExtractor(cv::Size max_size, int cell);
    Keypoints detect(const cv::Mat& gray) override;

private:
    cv::cuda::HostMem staging_;
    int cell_;
};

std::vector<std::vector<cv::DMatch>> match_all(const std::vector<Keypoints>& feats, float ratio);

bool load_bal(const std::string& path, Problem& p);
bool save_ply(const std::string& path, const Problem& p);

using IterationCallback = std::function<void(int, const Problem&, double)>;

class Solver {
public:
    explicit Solver(Problem& p, int max_iters = 50);
    ~Solver();
    double solve();
    IterationCallback on_iteration;

private:
    double build_normal_equations();
    Problem& p_;
    double* params_ = nullptr;
    int max_iters_;
    double lambda_ = 1e-3;
};

void huber_weights(const float* residuals, size_t n, float delta, float* weights);

}  // namespace ba
