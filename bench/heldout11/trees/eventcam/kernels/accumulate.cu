#include <cstdint>

struct Event {
  uint16_t x, y;
  int16_t polarity;
  uint16_t pad;
  int64_t t_us;
};

extern "C" __global__ void time_surface(const Event* ev, int n, int width, float tau_us, int64_t now_us,
                                        const float* rect, float* surface) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int idx = int(rect[ev[i].y * width + ev[i].x]);
  float decay = __expf(-float(now_us - ev[i].t_us) / tau_us);
  atomicAdd(&surface[idx], ev[i].polarity > 0 ? decay : -decay);
}
