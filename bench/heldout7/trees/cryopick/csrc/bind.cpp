#include <pybind11/pybind11.h>

namespace py = pybind11;

void register_bandpass(py::module_& m);
void register_extract(py::module_& m);

PYBIND11_MODULE(_cryo_ext, m) {
    m.doc() = "cryopick CUDA helpers";
    register_bandpass(m);
    register_extract(m);
}
