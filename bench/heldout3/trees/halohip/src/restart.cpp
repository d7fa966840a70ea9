#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>

#include "halo.hpp"
#include "hip_check.hpp"

namespace halo {

namespace {
constexpr char kMagic[8] = {'H', 'A', 'L', 'O', 'R', 'S', 'T', '2'};
}

// Reads this rank's restart file into the device fields; returns the model time in hours.
double read_restart(const std::string& path, std::vector<Field>& fields, const Grid& g) {
    std::FILE* fp = std::fopen(path.c_str(), "rb");
    if (fp == nullptr) {
        throw std::runtime_error("cannot open restart file " + path);
    }
    double* staging = nullptr;
    HIP_CHECK(hipHostMalloc(reinterpret_cast<void**>(&staging), g.cells() * sizeof(double), hipHostMallocDefault));

    char magic[8];
    int dims[4];
    double t_hours = 0.0;
    if (std::fread(magic, 1, 8, fp) != 8 || std::memcmp(magic, kMagic, 8) != 0 ||
        std::fread(dims, sizeof(int), 4, fp) != 4 || std::fread(&t_hours, sizeof(double), 1, fp) != 1) {
        std::fclose(fp);
        throw std::runtime_error(path + ": bad restart header");
    }
    if (dims[0] != g.nx || dims[1] != g.ny || dims[2] != g.nz || dims[3] != g.ng) {
        std::fclose(fp);
        throw std::runtime_error(path + ": restart grid does not match the run configuration");
    }
    for (Field& f : fields) {
        if (std::fread(staging, sizeof(double), g.cells(), fp) != g.cells()) {
            std::fclose(fp);
            throw std::runtime_error(path + ": truncated at field " + f.name);
        }
        HIP_CHECK(hipMemcpy(f.d, staging, g.cells() * sizeof(double), hipMemcpyHostToDevice));
    }
    std::fclose(fp);
    HIP_CHECK(hipHostFree(staging));
    return t_hours;
}

}  // namespace halo
