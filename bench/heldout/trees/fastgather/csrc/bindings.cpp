#include <torch/extension.h>

#include "gather.h"

PYBIND11_MODULE(_C, m) {
    m.doc() = "fastgather: host-side staging and row gathers for embedding tables";
    m.def("stage", &fastgather::stage, "copy a CPU tensor to a CUDA device", py::arg("src"),
          py::arg("device") = 0);
    m.def("upload_inplace", &fastgather::upload_inplace, py::arg("src"), py::arg("device") = 0);
    m.def("reserve_workspace", &fastgather::reserve_workspace, py::arg("bytes"));
    m.def("gather_rows", &fastgather::gather_rows, py::arg("table"), py::arg("index"),
          py::arg("device") = 0);
}
