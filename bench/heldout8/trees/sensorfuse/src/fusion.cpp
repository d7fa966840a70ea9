#include <map>
#include <memory>
#include <rmm/mr/host/pinned_memory_resource.hpp>
#include <string>

#include "recorder.hpp"
#include "sf/sensor.hpp"
#include "tracker.hpp"

namespace sf {

bool load_calibration(const char* path, float** out);
void load_extrinsics(const char* path, float** out);
void build_occupancy_layers(const std::vector<Detection>& dets, std::vector<std::vector<float>>& layers);

struct EgoState {
  double x, y, yaw, v;
};

class Fusion {
 public:
  Fusion() : ego_(1) {
    sensors_[0] = make_sensor("lidar");
    sensors_[1] = make_sensor("camera");
    sensors_[2] = make_sensor("radar");
    scratch_ = mr_.allocate(1 << 20);
    load_extrinsics("calib/extrinsics.bin", &extr_);
    load_calibration("calib/intrinsics.bin", &intr_);
  }
  ~Fusion() { mr_.deallocate(scratch_, 1 << 20); }

  void on_message(const Msg& m) {
    auto it = sensors_.find(m.sensor_id);
    if (it == sensors_.end()) return;
    dets_.clear();
    it->second->ingest(m, dets_);
  }

  void run(const std::vector<Msg>& log) {
    double frame_end = 0.0;
    for (const Msg& m : log) {
      on_message(m);
      if (m.stamp >= frame_end) {
        tracker_.update(dets_, m.stamp);
        ego_.data()[0].x += 0.1;
        recorder_.dump_frame(tracker_.host_tracks().data(), tracker_.host_tracks().size());
        build_occupancy(dets_);
        frame_end = m.stamp + 0.1;
      }
    }
  }

 private:
  void build_occupancy(const std::vector<Detection>& dets) {
    build_occupancy_layers(dets, layers_);
  }
  std::vector<std::vector<float>> layers_;
  std::map<int, std::unique_ptr<Sensor>> sensors_;
  std::vector<Detection> dets_;
  Tracker tracker_;
  Recorder recorder_;
  PinnedBlock<EgoState> ego_;
  rmm::mr::pinned_memory_resource mr_;
  void* scratch_ = nullptr;
  float* extr_ = nullptr;
  float* intr_ = nullptr;
};

std::unique_ptr<Fusion> make_fusion() { return std::make_unique<Fusion>(); }
void run_fusion(Fusion& f, const std::vector<Msg>& log) { f.run(log); }

}  // namespace sf
