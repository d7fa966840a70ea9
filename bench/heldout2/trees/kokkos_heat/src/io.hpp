#pragma once

#include <string>
#include <vector>

#include "halo.hpp"

void write_series(const std::vector<Field>& fields, const std::string& prefix);
void write_csv(const Kokkos::View<double*, Kokkos::CudaHostPinnedSpace>& flat, int nx, int ny, const std::string& path);
