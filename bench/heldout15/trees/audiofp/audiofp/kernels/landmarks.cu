// Anchor/target landmark pairing: hash = f_anchor(10) | f_target(10) | dt(12), value = t_anchor.
extern "C" __global__ void pair_landmarks(const int* __restrict__ peaks, int n, int fan_out,
                                          unsigned int* __restrict__ out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int ta = peaks[2 * i], fa = peaks[2 * i + 1];
  int written = 0;
  for (int j = i + 1; j < n && written < fan_out; ++j) {
    const int dt = peaks[2 * j] - ta;
    if (dt <= 0) continue;
    if (dt > 4095) break;
    const int ft = peaks[2 * j + 1];
    if (abs(ft - fa) > 200) continue;
    const unsigned int h = ((unsigned)(fa & 1023) << 22) | ((unsigned)(ft & 1023) << 12) | (unsigned)dt;
    out[2 * (i * fan_out + written)] = h;
    out[2 * (i * fan_out + written) + 1] = (unsigned)ta;
    ++written;
  }
}
