#include <pybind11/pybind11.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <cuda_runtime.h>
#include <random>

#include "statevec.hpp"

namespace py = pybind11;

std::vector<int64_t> measure_all(StateVector& sv, int shots, unsigned long long seed);

static double expectation(StateVector& sv, const std::vector<int>& z_qubits) {
    const size_t dim = sv.dim();
    cuFloatComplex* h = nullptr;
    if (cudaMallocHost(&h, dim * sizeof(cuFloatComplex)) != cudaSuccess) throw std::bad_alloc();
    if (z_qubits.empty()) throw py::value_error("expectation needs at least one qubit");
    cudaMemcpy(h, sv.device(), dim * sizeof(cuFloatComplex), cudaMemcpyDeviceToHost);
    double acc = 0.0;
    for (size_t i = 0; i < dim; ++i) {
        int parity = 0;
        for (int q : z_qubits) parity ^= int((i >> q) & 1);
        double p = double(h[i].x) * h[i].x + double(h[i].y) * h[i].y;
        acc += parity ? -p : p;
    }
    cudaFreeHost(h);
    return acc;
}

PYBIND11_MODULE(_qsim_native, m) {
    py::class_<StateVector>(m, "StateVector")
        .def(py::init<int>())
        .def("reset", &StateVector::reset)
        .def("apply_1q", [](StateVector& sv, py::array_t<std::complex<float>> mat, int t) {
            sv.apply_1q(reinterpret_cast<const cuFloatComplex*>(mat.data()), t);
        })
        .def("apply_diagonal", [](StateVector& sv, py::array_t<float> ph) {
            sv.apply_diagonal(ph.data(), int(ph.size()));
        })
        .def("load", &StateVector::load)
        .def_property_readonly("dim", &StateVector::dim);
    m.def("measure", [](StateVector& sv, int shots) {
        static std::mt19937_64 rng(1234);
        return measure_all(sv, shots, rng());
    });
    m.def("expectation", &expectation);
    m.def("snapshot", [](StateVector& sv, const std::string& path) { return sv.snapshot(path); });
}
