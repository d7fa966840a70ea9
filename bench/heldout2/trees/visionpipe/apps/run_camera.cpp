#include <opencv2/highgui.hpp>

#include <iostream>

#include "visionpipe/preprocess.hpp"

int main(int argc, char** argv) {
  const std::string uri = argc > 1 ? argv[1] : "rtsp://127.0.0.1:8554/cam0";
  vp::Preprocessor pre(cv::Size(1920, 1080), cv::Size(640, 384));

  std::vector<cv::Mat> tiles;
  for (int i = 2; i < argc; ++i) tiles.push_back(cv::imread(argv[i]));
  vp::TileCache cache(tiles);
  cv::cuda::Stream s;
  std::vector<cv::cuda::GpuMat> gpu_tiles;
  upload_tiles(tiles, gpu_tiles, s);

  size_t frames = 0;
  vp::VideoWorker worker(uri, pre, [&](const cv::Mat& m) {
    ++frames;
    cv::imshow("preprocessed", m);
    cv::waitKey(1);
  });
  worker.loop();
  if (!tiles.empty()) export_mosaic(tiles.front(), "mosaic.png");
  std::cout << frames << " frames\n";
  return 0;
}
