#include <torch/extension.h>

#include "fbank.h"

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    m.doc() = "asrstream GPU filterbank";
    m.def("init_workspace", &asrstream::init_workspace, py::arg("max_sessions"), py::arg("chunk_samples"));
    m.def("release_workspace", &asrstream::release_workspace);
    m.def("compute_fbank", &asrstream::compute_fbank, py::arg("wav"), py::arg("n_mels") = 80,
          py::call_guard<py::gil_scoped_release>());
}
