#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "cat/peril.hpp"

namespace py = pybind11;
using namespace cat;

PYBIND11_MODULE(_cat, m) {
    py::class_<Exposure>(m, "Exposure").def("__len__", &Exposure::size);
    m.def("load_exposure", &load_exposure);
    m.def("write_ylt", [](const std::string &path, std::vector<float> ylt) { return write_ylt(path, ylt); });
    py::class_<Engine>(m, "Engine")
        .def(py::init([](const Exposure &e, int n_slots, int max_batch, std::vector<std::string> perils, int n_real) {
            auto eng = std::make_unique<Engine>(e, n_slots, max_batch);
            for (auto &p : perils) {
                if (p == "hurricane") eng->add_peril(make_hurricane());
                else if (p == "earthquake") eng->add_peril(make_earthquake(n_real));
                else if (p == "flood") eng->add_peril(make_flood());
                else throw std::invalid_argument("unknown peril " + p);
            }
            return eng;
        }))
        .def("run", &Engine::run, py::call_guard<py::gil_scoped_release>());
}
