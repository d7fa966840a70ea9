#pragma once
#include <memory>
#include <string>
#include <cuda_runtime.h>
#include "ebl/types.hpp"

namespace ebl {

struct TileState {
  const Tile* tile = nullptr;
  float* d_dose = nullptr;      // grid x grid
  float* d_exposure = nullptr;  // grid x grid
  int grid = 0;
  cudaStream_t stream = nullptr;
};

class CorrectionModel {
 public:
  virtual ~CorrectionModel() = default;
  virtual const char* name() const = 0;
  virtual void apply(TileState& st) = 0;
};

std::unique_ptr<CorrectionModel> make_model(const std::string& name, const PecConfig& cfg);

}  // namespace ebl
