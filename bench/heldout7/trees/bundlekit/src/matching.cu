#include <opencv2/cudafeatures2d.hpp>

#include "ba/problem.hpp"

namespace ba {

std::vector<std::vector<cv::DMatch>> match_all(const std::vector<Keypoints>& feats, float ratio) {
    auto matcher = cv::cuda::DescriptorMatcher::createBFMatcher(cv::NORM_HAMMING);
    std::vector<std::vector<cv::DMatch>> result;
    for (size_t i = 0; i + 1 < feats.size(); ++i) {
        cv::cuda::GpuMat qa(feats[i].desc), qb(feats[i + 1].desc), d_matches;
        matcher->knnMatchAsync(qa, qb, d_matches, 2);
        cv::cuda::HostMem dist(d_matches.size(), d_matches.type(), cv::cuda::HostMem::AllocType::PAGE_LOCKED);
        d_matches.download(dist);
        std::vector<std::vector<cv::DMatch>> knn;
        matcher->knnMatchConvert(dist.createMatHeader(), knn);
        std::vector<cv::DMatch> good;
        for (const auto& m : knn)
            if (m.size() == 2 && m[0].distance < ratio * m[1].distance) good.push_back(m[0]);
        result.push_back(std::move(good));
    }
    return result;
}

}  // namespace ba
