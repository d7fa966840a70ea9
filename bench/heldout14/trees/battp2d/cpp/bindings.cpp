#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "jacobian.hpp"
#include "pool.hpp"

namespace p2d { std::vector<double> read_cycler_csv(const std::string& path, std::size_t max_rows); }

namespace py = pybind11;

PYBIND11_MODULE(_p2d, m) {
  py::class_<p2d::Params>(m, "Params")
      .def(py::init<double, double, double, double, double, double>());
  py::class_<p2d::P2DSolver>(m, "P2DSolver")
      .def(py::init<int, int, int>())
      .def("simulate", &p2d::P2DSolver::simulate)
      .def("sweep_c_rates", &p2d::P2DSolver::sweep_c_rates);
  py::class_<p2d::Jacobian>(m, "Jacobian")
      .def(py::init<p2d::P2DSolver&>(), py::keep_alive<1, 2>())
      .def("column_block", [](p2d::Jacobian& j, const p2d::Params& p, int k, double c) {
        auto col = j.column_block(p, k, c);
        return std::vector<double>(col.begin(), col.end());
      });
  m.def("load_ocv_table", &p2d::load_ocv_table);
  m.def("read_cycler_csv", &p2d::read_cycler_csv);
  m.def("warm_pool", [](std::size_t mb) {
    auto& pool = p2d::HostPool::instance();
    pool.release(pool.acquire(mb << 20), mb << 20);
  });
}
