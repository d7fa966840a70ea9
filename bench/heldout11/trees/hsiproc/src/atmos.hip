// Atmospheric correction look-up table (MODTRAN-derived, per band).
#include <cmath>

#include "hip_check.h"
#include "hsi/hsi.h"

extern "C" const float* atmos_lut(int bands) {
  static float* lut = nullptr;
  static int lut_bands = 0;
  if (lut) return lut_bands == bands ? lut : nullptr;
  HSI_ABORT(hipHostMalloc(reinterpret_cast<void**>(&lut), size_t(bands) * 3 * sizeof(float), hipHostMallocDefault));
  for (int b = 0; b < bands; ++b) {
    float wl = 400.f + 2100.f * float(b) / float(bands);
    lut[3 * b + 0] = std::exp(-0.008735f * std::pow(wl / 1000.f, -4.08f));
    lut[3 * b + 1] = 0.02f * std::exp(-wl / 900.f);
    lut[3 * b + 2] = 1.f;
  }
  lut_bands = bands;
  return lut;
}
