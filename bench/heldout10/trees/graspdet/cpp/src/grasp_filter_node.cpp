// grasp_filter: drops grasp candidates whose jaws collide with the scene before execution.
#include <memory>
#include <stdexcept>
#include <opencv2/core/cuda.hpp>
#include <opencv2/cudaarithm.hpp>
#include <opencv2/imgcodecs.hpp>
#include <grasp_msgs/msg/grasp_array.hpp>
#include <rclcpp/rclcpp.hpp>
#include <sensor_msgs/msg/point_cloud2.hpp>
#include "grasp_filter/collision_check.hpp"
#include "grasp_filter/depth_cache.hpp"

namespace grasp_filter {

// Unregisters a page-locked Mat when the callback leaves, whichever way it leaves.
struct PageLockGuard {
  cv::Mat& m;
  ~PageLockGuard() { cv::cuda::unregisterPageLocked(m); }
};

class GraspFilterNode : public rclcpp::Node {
 public:
  GraspFilterNode() : Node("grasp_filter") {
    declare_parameter("octree", "maps/table.oct");
    declare_parameter("gripper_mask", "config/gripper_mask.png");
    declare_parameter("max_grasps", 32);
    staging_ = cv::cuda::HostMem(480, 640, CV_32FC3, cv::cuda::HostMem::PAGE_LOCKED);
    load_gripper_mask(get_parameter("gripper_mask").as_string());
    checker_ = std::make_unique<CollisionChecker>(get_parameter("octree").as_string(),
                                                  static_cast<int>(get_parameter("max_grasps").as_int()));
    cloud_sub_ = create_subscription<sensor_msgs::msg::PointCloud2>(
        "/camera/depth/points", rclcpp::SensorDataQoS(),
        std::bind(&GraspFilterNode::on_cloud, this, std::placeholders::_1));
    grasp_sub_ = create_subscription<grasp_msgs::msg::GraspArray>(
        "/grasp/candidates", 10, [this](grasp_msgs::msg::GraspArray::SharedPtr m) { on_grasps(m); });
    pub_ = create_publisher<grasp_msgs::msg::GraspArray>("/grasp/filtered", 10);
  }

  ~GraspFilterNode() override { cv::cuda::unregisterPageLocked(mask_); }

 private:
  void load_gripper_mask(const std::string& path) {
    mask_ = cv::imread(path, cv::IMREAD_GRAYSCALE);
    cv::cuda::registerPageLocked(mask_);
    if (mask_.rows != 64 || mask_.cols != 64) {
      throw std::runtime_error("gripper mask must be 64x64: " + path);
    }
    d_mask_.upload(mask_);
  }

  void on_cloud(const sensor_msgs::msg::PointCloud2::SharedPtr msg) {
    cv::Mat xyz(static_cast<int>(msg->height), static_cast<int>(msg->width), CV_32FC4, msg->data.data());
    cv::cuda::registerPageLocked(xyz);
    PageLockGuard unlock{xyz};
    d_cloud4_.upload(xyz, stream_);
    std::vector<cv::cuda::GpuMat> ch;
    cv::cuda::split(d_cloud4_, ch, stream_);
    cv::cuda::merge(std::vector<cv::cuda::GpuMat>(ch.begin(), ch.begin() + 3), d_cloud_, stream_);
    cv::cuda::HostMem& depth = depth_cache_.get(msg->header.frame_id, xyz.size());
    ch[2].download(depth, stream_);
    stream_.waitForCompletion();
    n_points_ = xyz.rows * xyz.cols;
  }

  void on_grasps(const grasp_msgs::msg::GraspArray::SharedPtr msg) {
    if (d_cloud_.empty()) return;
    std::vector<Grasp> grasps;
    for (const auto& g : msg->grasps) grasps.push_back({g.x, g.y, g.z, g.angle, g.width, g.quality});
    auto ok = checker_->check(grasps, d_cloud_.ptr<float>(), n_points_,
                              cv::cuda::StreamAccessor::getStream(stream_));
    grasp_msgs::msg::GraspArray out;
    out.header = msg->header;
    for (size_t i = 0; i < ok.size(); ++i)
      if (ok[i]) out.grasps.push_back(msg->grasps[i]);
    pub_->publish(out);
  }

  cv::cuda::HostMem staging_;
  cv::Mat mask_;
  cv::cuda::GpuMat d_mask_, d_cloud4_, d_cloud_;
  cv::cuda::Stream stream_;
  DepthCache depth_cache_;
  std::unique_ptr<CollisionChecker> checker_;
  int n_points_ = 0;
  rclcpp::Subscription<sensor_msgs::msg::PointCloud2>::SharedPtr cloud_sub_;
  rclcpp::Subscription<grasp_msgs::msg::GraspArray>::SharedPtr grasp_sub_;
  rclcpp::Publisher<grasp_msgs::msg::GraspArray>::SharedPtr pub_;
};

}  // namespace grasp_filter

int main(int argc, char** argv) {
  rclcpp::init(argc, argv);
  rclcpp::spin(std::make_shared<grasp_filter::GraspFilterNode>());
  rclcpp::shutdown();
  return 0;
}
