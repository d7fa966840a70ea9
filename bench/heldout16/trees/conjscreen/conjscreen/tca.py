"""Time-of-closest-approach refinement (cubic Hermite interpolation of the relative motion),
one small PyCUDA kernel launch per candidate pair."""
from __future__ import annotations

import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as drv
from pycuda.compiler import SourceModule

_mod = SourceModule(
    """
__global__ void refine(const float* rel, int n, float dt, float* out) {
  // rel: 3 consecutive relative positions around the coarse minimum; golden-section on the
  // quadratic through them, 64 sub-steps.
  int i = threadIdx.x;
  if (i >= 64) return;
  float t = -dt + 2.0f * dt * i / 63.0f;
  float best = 1e30f;
  for (int k = 0; k < 3; ++k) {
    float a = rel[k] , b = rel[3 + k], c = rel[6 + k];
    float x = b + 0.5f * (c - a) * t / dt + 0.5f * (c - 2 * b + a) * t * t / (dt * dt);
    best = fminf(best, fabsf(x));
  }
  out[i] = best;
}
"""
)
_refine = _mod.get_function("refine")


def refine_tca(positions: np.ndarray, hits: list[tuple[int, int, int, float]], index: dict, step_s: float):
    refined = []
    n_steps = positions.shape[1]
    for primary, sec, step, _ in hits:
        if step == 0 or step >= n_steps - 1:
            refined.append((primary, sec, step * step_s, _))
            continue
        p = positions[index[primary], step - 1:step + 2]
        q = positions[sec, step - 1:step + 2]
        rel = np.ascontiguousarray((q - p).T, dtype=np.float32)
        out = drv.pagelocked_empty(64, dtype=np.float32)
        _refine(drv.In(rel), np.int32(3), np.float32(step_s), drv.Out(out), block=(64, 1, 1), grid=(1, 1))
        k = int(np.argmin(out))
        refined.append((primary, sec, (step - 1) * step_s + 2 * step_s * k / 63.0, float(out[k])))
    return refined
