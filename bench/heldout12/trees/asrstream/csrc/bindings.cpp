#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <torch/extension.h>

#include <fstream>

#include "ctc_beam.h"

namespace py = pybind11;

static std::vector<int32_t> read_lexicon(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::vector<int32_t> words;
  int32_t w;
  while (in.read(reinterpret_cast<char*>(&w), sizeof(w))) words.push_back(w);
  return words;
}

PYBIND11_MODULE(_asr, m) {
  m.doc() = "asrstream native frontend and decoder";
  m.def("fbank", &fbank, py::arg("wav"), py::arg("carry"), py::arg("num_bins"), py::arg("shift"));
  m.def("load_language_model", [](const std::string& lm_path, const std::string& lexicon_path) {
    auto lm = load_lm(lm_path);
    if (lm && !lexicon_path.empty()) {
      auto words = read_lexicon(lexicon_path);
      lm->attach_lexicon(words);
    }
    return lm;
  });
  m.def("load_unigram_backoff", &load_unigram_backoff);
  py::class_<NgramLm, std::shared_ptr<NgramLm>>(m, "NgramLm");
  py::class_<CtcBeamSearch>(m, "CtcBeamSearch")
      .def(py::init<int, int, int, std::shared_ptr<NgramLm>>())
      .def("open_stream", &CtcBeamSearch::open_stream)
      .def("close_stream", &CtcBeamSearch::close_stream)
      .def("advance", &CtcBeamSearch::advance)
      .def("best_text", &CtcBeamSearch::best_text)
      .def("finalize", &CtcBeamSearch::finalize);
}
