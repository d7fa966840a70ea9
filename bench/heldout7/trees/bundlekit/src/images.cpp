#include <opencv2/core/cuda.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <map>
#include <string>

namespace ba {

class ImageCache {
public:
    const cv::Mat& load(const std::string& path) {
        auto it = cache_.find(path);
        if (it != cache_.end()) return it->second;
        cv::Mat img = cv::imread(path, cv::IMREAD_GRAYSCALE);
        cv::cuda::registerPageLocked(img);
        return cache_.emplace(path, std::move(img)).first->second;
    }

    void evict(const std::string& path) {
        auto it = cache_.find(path);
        if (it == cache_.end()) return;
        cv::cuda::unregisterPageLocked(it->second);
        cache_.erase(it);
    }

    cv::Mat thumbnail(const std::string& path, int max_side) {
        cv::Mat img = cv::imread(path, cv::IMREAD_COLOR);
        cv::cuda::registerPageLocked(img);
        if (std::max(img.cols, img.rows) <= max_side) return img.clone();
        cv::Mat small;
        const double s = double(max_side) / std::max(img.cols, img.rows);
        cv::resize(img, small, cv::Size(), s, s, cv::INTER_AREA);
        cv::cuda::unregisterPageLocked(img);
        return small;
    }

    ~ImageCache() {
        for (auto& kv : cache_) cv::cuda::unregisterPageLocked(kv.second);
    }

private:
    std::map<std::string, cv::Mat> cache_;
};

}  // namespace ba
