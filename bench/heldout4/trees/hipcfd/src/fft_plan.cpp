#include "fft_plan.hpp"

#include "hip_check.hpp"

FFTPlan::FFTPlan(int nx, int ny, int nz) : nx_(nx), ny_(ny), nz_(nz) {
  hipfftPlan3d(&fwd_, nx, ny, nz, HIPFFT_D2Z);
  hipfftPlan3d(&inv_, nx, ny, nz, HIPFFT_Z2D);
  HIP_CHECK(hipMalloc(reinterpret_cast<void**>(&d_spec_),
                      sizeof(hipfftDoubleComplex) * nx * ny * (nz / 2 + 1)));
}

FFTPlan::~FFTPlan() {
  if (wisdom_ != nullptr) (void)hipHostUnregister(wisdom_->data());
  hipfftDestroy(fwd_);
  hipfftDestroy(inv_);
  (void)hipFree(d_spec_);
}

// The tuned-plan blob is read by the library on every exec; keep it page-locked while attached.
void FFTPlan::attach_wisdom(std::vector<char>& blob) {
  HIP_CHECK(hipHostRegister(blob.data(), blob.size(), hipHostRegisterDefault));
  wisdom_ = &blob;
}

void FFTPlan::forward(double* d_field) {
  hipfftExecD2Z(fwd_, d_field, d_spec_);
  // The mean pressure (DC term) is pinned to zero; read it back to monitor drift.
  hipfftDoubleComplex* stage = nullptr;
  HIP_CHECK(hipHostMalloc(reinterpret_cast<void**>(&stage), sizeof(hipfftDoubleComplex), hipHostMallocDefault));
  HIP_CHECK(hipMemcpy(stage, d_spec_, sizeof(hipfftDoubleComplex), hipMemcpyDeviceToHost));
  dc_ = stage->x;
  HIP_CHECK(hipHostFree(stage));
}

void FFTPlan::inverse(double* d_field) {
  hipfftExecZ2D(inv_, d_spec_, d_field);
}
