// Python bindings: the offline correlate_once tool and a block-at-a-time pipeline.
#include <complex>
#include <cstring>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include "pipeline/pipeline.h"

namespace py = pybind11;
using namespace cb;

static PipelineConfig to_config(const py::dict& d) {
  PipelineConfig cfg;
  if (d.contains("n_ant")) cfg.rx.n_ant = d["n_ant"].cast<int>();
  if (d.contains("n_chan")) cfg.rx.n_chan = d["n_chan"].cast<int>();
  if (d.contains("n_time")) cfg.rx.n_time = d["n_time"].cast<int>();
  if (d.contains("dump_every")) cfg.dump_every = d["dump_every"].cast<int>();
  if (d.contains("taps")) cfg.taps_path = d["taps"].cast<std::string>();
  if (d.contains("weights")) cfg.weights_path = d["weights"].cast<std::string>();
  if (d.contains("beam_outputs")) cfg.beam_outputs = d["beam_outputs"].cast<std::vector<std::string>>();
  if (d.contains("calibrate_every")) cfg.calibrate_every = d["calibrate_every"].cast<int>();
  return cfg;
}

// Correlates a single capture (calibration tools, tests): F-engine then X-engine once.
py::array_t<std::complex<float>> correlate_once(py::array_t<int8_t, py::array::c_style> volts,
                                                const std::string& taps, int n_ant, int n_chan,
                                                int n_time) {
  py::buffer_info in = volts.request();
  const int n_tap = 8;
  auto fengine = make_fengine(taps, n_ant, n_chan, n_tap, n_time);
  XEngine xe(n_ant, n_chan, n_time - n_tap + 1);
  py::array_t<std::complex<float>> out({xe.n_baselines(), n_chan});
  int8_t* staging = nullptr;
  CB_FATAL(cudaMallocHost(&staging, static_cast<size_t>(in.size)));
  std::memcpy(staging, in.ptr, static_cast<size_t>(in.size));
  Block blk;
  blk.n_ant = n_ant;
  blk.n_chan = n_chan;
  blk.n_time = n_time;
  blk.host_volts = staging;
  fengine->process(blk);
  xe.accumulate(blk);
  xe.integrate(nullptr, {}, [&out](uint64_t, const cuComplex* vis, size_t n) {
    std::memcpy(out.mutable_data(), vis, n * sizeof(cuComplex));
  });
  cudaFreeHost(staging);
  return out;
}

class PyPipeline {
 public:
  explicit PyPipeline(const py::dict& cfg) : pipe_(to_config(cfg)) {
    pipe_.set_sink([this](uint64_t, const cuComplex* vis, size_t n) {
      last_.assign(reinterpret_cast<const std::complex<float>*>(vis),
                   reinterpret_cast<const std::complex<float>*>(vis) + n);
    });
  }

  // One block of voltages pushed from Python; the numpy buffer is locked for the copy.
  void run_block(py::array_t<int8_t, py::array::c_style> volts, uint64_t seq) {
    py::buffer_info in = volts.request();
    CB_FATAL(cudaHostRegister(in.ptr, static_cast<size_t>(in.size), cudaHostRegisterDefault));
    Block blk = pipe_.make_block(seq);
    blk.host_volts = static_cast<int8_t*>(in.ptr);
    {
      py::gil_scoped_release nogil;
      pipe_.step(blk);
      cudaStreamSynchronize(blk.stream);
    }
    cudaHostUnregister(in.ptr);
  }

  py::array_t<std::complex<float>> last_dump() const {
    return py::array_t<std::complex<float>>(static_cast<py::ssize_t>(last_.size()), last_.data());
  }
  uint64_t dumps() const { return pipe_.dumps(); }

 private:
  Pipeline pipe_;
  std::vector<std::complex<float>> last_;
};

PYBIND11_MODULE(_corrbeam, m) {
  m.def("correlate_once", &correlate_once, py::arg("volts"), py::arg("taps"), py::arg("n_ant"),
        py::arg("n_chan"), py::arg("n_time"));
  py::class_<PyPipeline>(m, "Pipeline")
      .def(py::init<const py::dict&>())
      .def("run_block", &PyPipeline::run_block, py::arg("volts"), py::arg("seq"))
      .def("last_dump", &PyPipeline::last_dump)
      .def("dumps", &PyPipeline::dumps);
}
