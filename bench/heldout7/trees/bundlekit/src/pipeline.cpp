#include <opencv2/imgcodecs.hpp>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "ba/host_buffer.hpp"
#include "ba/problem.hpp"
#include "images.cpp"

namespace ba {

class Pipeline {
public:
    Pipeline(std::unique_ptr<FeatureExtractor> extractor) : extractor_(std::move(extractor)) {}

    int run(const std::vector<std::string>& images, const std::string& bal, const std::string& out) {
        std::vector<Keypoints> feats;
        for (const auto& path : images) {
            const cv::Mat& gray = cache_.load(path);
            feats.push_back(extractor_->detect(gray));
            cache_.evict(path);
        }
        auto matches = match_all(feats, 0.8f);
        std::snprintf(reinterpret_cast<char*>(report_.data()), report_.size(), "%zu images, %zu pairs\n",
                      images.size(), matches.size());
        Problem problem;
        if (!load_bal(bal, problem)) return 1;
        Solver solver(problem);
        std::vector<std::shared_ptr<double>> snapshots;
        solver.on_iteration = [&](int it, const Problem& p, double cost) {
            auto snap = pinned_shared<double>(p.n_params());
            std::copy(p.cameras.begin(), p.cameras.end(), snap.get());
            if (it % 10 == 0) snapshots.push_back(snap);
            std::printf("iter %d cost %.6e\n", it, cost);
        };
        solver.solve();
        return save_ply(out, problem) ? 0 : 1;
    }

private:
    std::unique_ptr<FeatureExtractor> extractor_;
    ImageCache cache_;
    HostBuffer report_{1 << 16};
};

}  // namespace ba

int main(int argc, char** argv) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: ba_pipeline problem.bal out.ply img...\n");
        return 2;
    }
    std::vector<std::string> images(argv + 3, argv + argc);
    std::unique_ptr<ba::FeatureExtractor> ex;
    if (std::getenv("BA_GRID"))
        ex = std::make_unique<ba::GridExtractor>(cv::Size(8192, 8192), 16);
    else
        ex = std::make_unique<ba::OrbExtractor>(4000);
    ba::Pipeline pipeline(std::move(ex));
    ba::ImageCache thumbs;
    for (size_t i = 0; i < images.size() && i < 4; ++i)
        cv::imwrite("thumb" + std::to_string(i) + ".jpg", thumbs.thumbnail(images[i], 256));
    return pipeline.run(images, argv[1], argv[2]);
}
