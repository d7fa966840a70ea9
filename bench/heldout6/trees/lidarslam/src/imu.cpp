#include <cuda_runtime.h>
#include <vector>

namespace slam {

// IMU samples (ax, ay, az, gx, gy, gz, t) kept in a ring the preintegration kernel reads.
class ImuRing {
 public:
  explicit ImuRing(size_t capacity) : buf_(capacity * 7) {
    cudaHostRegister(buf_.data(), buf_.size() * sizeof(double), cudaHostRegisterDefault);
  }
  ~ImuRing() { cudaHostUnregister(buf_.data()); }
  ImuRing(const ImuRing&) = delete;
  ImuRing& operator=(const ImuRing&) = delete;

  void push(const double s[7]) {
    for (int c = 0; c < 7; ++c) buf_[head_ * 7 + c] = s[c];
    head_ = (head_ + 1) % (buf_.size() / 7);
  }
  const double* data() const { return buf_.data(); }

 private:
  std::vector<double> buf_;
  size_t head_ = 0;
};

ImuRing& imu_ring() {
  static ImuRing ring(4096);
  return ring;
}

}  // namespace slam
