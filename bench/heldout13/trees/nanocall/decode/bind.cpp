#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "crf_beam.hpp"

namespace py = pybind11;
using nanocall::BeamDecoder;
using nanocall::DecodeResult;

static py::tuple to_py(const DecodeResult& r) {
  return py::make_tuple(py::bytes(r.seq), py::bytes(reinterpret_cast<const char*>(r.moves.data()), r.moves.size()),
                        r.qual);
}

PYBIND11_MODULE(_crf, m) {
  py::class_<BeamDecoder>(m, "BeamDecoder")
      .def(py::init<int, int, int, float>(), py::arg("max_T"), py::arg("n_states"), py::arg("beam_width") = 32,
           py::arg("scale") = 1.0f)
      .def("decode_one",
           [](BeamDecoder& d, std::uintptr_t scores, int T) {
             DecodeResult r;
             {
               py::gil_scoped_release nogil;
               r = d.decode_one(reinterpret_cast<const float*>(scores), T);
             }
             return to_py(r);
           })
      .def("decode_batch", [](BeamDecoder& d, std::uintptr_t scores, std::uintptr_t qual, int B, int T) {
        std::vector<DecodeResult> rs;
        {
          py::gil_scoped_release nogil;
          rs = d.decode_batch(reinterpret_cast<const float*>(scores), reinterpret_cast<const float*>(qual), B, T);
        }
        py::list out;
        for (const auto& r : rs) out.append(to_py(r));
        return out;
      });
}
