#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "letkf.cuh"

namespace py = pybind11;
using letkf::LetkfSolver;
using letkf::ObsBatch;

using farr = py::array_t<float, py::array::c_style | py::array::forcecast>;
using iarr = py::array_t<int, py::array::c_style | py::array::forcecast>;

PYBIND11_MODULE(_letkf, m) {
  m.doc() = "LETKF local analysis on the GPU";
  py::class_<LetkfSolver>(m, "LetkfSolver")
      .def(py::init<int, int, int, float>(), py::arg("n_state"), py::arg("members"), py::arg("max_obs"),
           py::arg("radius_km"))
      .def(
          "analyze",
          [](LetkfSolver& s, farr yo, farr hx, std::vector<float> err, iarr col, farr loc,
             py::array_t<float, py::array::c_style> ens) {
            ObsBatch b{yo.data(), hx.data(), err.data(), col.data(), static_cast<int>(yo.size()),
                       static_cast<int>(hx.shape(0))};
            py::gil_scoped_release nogil;
            s.analyze(b, loc.data(), ens.mutable_data());
          },
          py::arg("yo"), py::arg("hx"), py::arg("err"), py::arg("col"), py::arg("loc"), py::arg("ens"))
      .def("upload_tiles", [](LetkfSolver& s, std::vector<farr> tiles) {
        std::vector<float*> ptrs;
        std::size_t bytes = 0;
        for (auto& t : tiles) {
          ptrs.push_back(t.mutable_data());
          bytes = std::max(bytes, static_cast<std::size_t>(t.nbytes()));
        }
        py::gil_scoped_release nogil;
        s.upload_tiles(ptrs, bytes);
      });
  m.def("load_obs_errors", &letkf::load_obs_errors, py::arg("path"), py::arg("n"));
}
