#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cuda_runtime.h>

#include "engine.hpp"

namespace py = pybind11;

py::array scan_column(Engine& eng, py::array col);
void spill_partition(Engine& eng, const void* d_data, size_t bytes, const std::string& path);

static py::array_t<int64_t> fetch_result(Engine& eng, int64_t handle) {
    const int64_t rows = std::max<int64_t>(eng.rows_out(handle), 1);
    int64_t* host = nullptr;
    if (cudaHostAlloc((void**)&host, sizeof(int64_t) * rows, cudaHostAllocDefault) != cudaSuccess)
        throw std::bad_alloc();
    cudaMemsetAsync(host, 0, sizeof(int64_t) * rows, eng.stream());
    cudaStreamSynchronize(eng.stream());
    py::capsule owner(host, [](void* p) { cudaFreeHost(p); });
    return py::array_t<int64_t>({rows}, {sizeof(int64_t)}, host, owner);
}

PYBIND11_MODULE(_gpudb, m) {
    py::class_<Engine>(m, "Engine")
        .def(py::init<int, size_t, size_t>())
        .def("prepare", &Engine::prepare)
        .def("finish", &Engine::finish);
    m.def("scan_column", &scan_column);
    m.def("fetch_result", &fetch_result);
    m.def("spill_partition", [](Engine& eng, uintptr_t ptr, size_t bytes, const std::string& path) {
        spill_partition(eng, reinterpret_cast<const void*>(ptr), bytes, path);
    });
}
