#include <torch/extension.h>
#include <pybind11/stl.h>

#include "mcts.h"

namespace py = pybind11;

// Encodes a batch of int8 board states (N, cells) into float planes ready for the evaluator.
torch::Tensor encode_batch(torch::Tensor states, int64_t board) {
  TORCH_CHECK(states.dtype() == torch::kInt8, "states must be int8");
  const int64_t n = states.size(0);
  auto out = at::empty({n, sp::kPlanes, board, board},
                       at::TensorOptions().dtype(at::kFloat).pinned_memory(true));
  auto s = states.view({n, board, board});
  out.select(1, 0).copy_(s.eq(1));
  out.select(1, 1).copy_(s.eq(-1));
  out.select(1, sp::kPlanes - 1).fill_(1.f);
  return out;
}

py::list opening_book(const std::string& path) {
  std::vector<int> moves;
  if (sp::load_opening_book(path, &moves) < 0) throw std::runtime_error("bad opening book: " + path);
  py::list out;
  for (int m : moves) out.append(m);
  return out;
}

void snapshot(torch::Tensor w, int64_t expected) {
  TORCH_CHECK(w.is_contiguous() && w.device().is_cpu(), "weights must be contiguous CPU");
  sp::register_net_snapshot(w.data_ptr<float>(), size_t(w.numel()), size_t(expected));
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  py::class_<sp::SearchTree>(m, "SearchTree")
      .def(py::init<int, int, float>(), py::arg("board"), py::arg("leaf_batch"), py::arg("c_puct"))
      .def("run_simulations", &sp::SearchTree::run_simulations, py::call_guard<py::gil_scoped_release>())
      .def("policy", &sp::SearchTree::policy);
  m.def("encode_batch", &encode_batch, "encode int8 states to planes");
  m.def("opening_book", &opening_book);
  m.def("snapshot", &snapshot);
}
