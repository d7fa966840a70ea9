#include <torch/library.h>
#include <torch/torch.h>

namespace signrec {

// parent joint per keypoint (body 0..24, then 21 per hand)
static const at::Tensor& bone_table() {
  static const at::Tensor t = [] {
    auto b = at::empty({67}, at::TensorOptions().dtype(at::kLong).pinned_memory(true));
    auto a = b.accessor<int64_t, 1>();
    for (int64_t i = 0; i < 67; ++i) a[i] = i < 25 ? (i == 0 ? 0 : (i - 1) / 2) : (i < 46 ? 7 : 4);
    return b;
  }();
  return t;
}

// kp: (T, J, 3) x, y, confidence. Centres on the neck, scales by shoulder width,
// returns bone vectors next to joints.
at::Tensor normalize_poses(const at::Tensor& kp) {
  TORCH_CHECK(kp.dim() == 3 && kp.size(2) == 3, "expected (T, J, 3)");
  auto xy = kp.index({at::indexing::Slice(), at::indexing::Slice(), at::indexing::Slice(0, 2)});
  auto neck = xy.select(1, 1).unsqueeze(1);
  auto width = (xy.select(1, 2) - xy.select(1, 5)).norm(2, -1).clamp_min(1e-3).view({-1, 1, 1});
  auto joints = (xy - neck) / width;
  auto parents = bone_table().to(kp.device(), /*non_blocking=*/true).narrow(0, 0, kp.size(1));
  auto bones = joints - joints.index_select(1, parents);
  auto feat = at::cat({joints, bones, kp.narrow(2, 2, 1)}, -1);
  auto host = at::empty(feat.sizes(), at::TensorOptions().dtype(at::kFloat).pinned_memory(true));
  host.copy_(feat, /*non_blocking=*/true);
  return host;
}

}  // namespace signrec

TORCH_LIBRARY(signrec, m) {
  m.def("normalize_poses(Tensor kp) -> Tensor");
  m.def("load_skeleton(str path) -> Tensor");
}

TORCH_LIBRARY_IMPL(signrec, CompositeExplicitAutograd, m) {
  m.impl("normalize_poses", &signrec::normalize_poses);
}
