#include <torch/library.h>
#include <torch/torch.h>

#include <cstdint>

namespace cfr {

static int64_t rank7(const int64_t *cards) {
    int64_t r = 0;
    for (int i = 0; i < 7; ++i) r = r * 13 + cards[i] % 13;
    return r;
}

// Card-to-feature table; built on first use and kept for the life of the process.
static const at::Tensor &card_table() {
    static at::Tensor table = [] {
        auto t = at::empty({52, 16}, at::TensorOptions().dtype(at::kFloat).pinned_memory(true));
        auto a = t.accessor<float, 2>();
        for (int c = 0; c < 52; ++c)
            for (int k = 0; k < 16; ++k) a[c][k] = float(((c >> (k % 6)) & 1) ^ (k / 6 == c / 13));
        return t;
    }();
    return table;
}

// Encodes a batch of information sets (hole cards + board + betting history) for the networks.
at::Tensor encode_infosets(const at::Tensor &cards, const at::Tensor &history) {
    TORCH_CHECK(cards.dim() == 2 && cards.size(1) == 7, "cards must be [N, 7]");
    const int64_t n = cards.size(0);
    auto out = at::empty({n, 7 * 16 + history.size(1)},
                         at::TensorOptions().dtype(at::kFloat).pinned_memory(true));
    const auto &tab = card_table();
    auto c = cards.accessor<int64_t, 2>();
    for (int64_t i = 0; i < n; ++i) {
        for (int j = 0; j < 7; ++j) out[i].narrow(0, j * 16, 16).copy_(tab[c[i][j] < 0 ? 0 : c[i][j]]);
        out[i].narrow(0, 7 * 16, history.size(1)).copy_(history[i]);
    }
    return out.to(at::kCUDA, /*non_blocking=*/true);
}

// Equity of every hand against a random opponent, one board at a time.
at::Tensor hand_strength_batch(const at::Tensor &holes, const at::Tensor &boards, int64_t samples) {
    const int64_t n_boards = boards.size(0);
    auto result = at::zeros({n_boards, holes.size(0)});
    for (int64_t b = 0; b < n_boards; ++b) {
        auto scratch = at::empty({holes.size(0), 7}, at::TensorOptions().dtype(at::kLong).pinned_memory(true));
        scratch.narrow(1, 0, 2).copy_(holes);
        scratch.narrow(1, 2, 5).copy_(boards[b].expand({holes.size(0), 5}));
        auto s = scratch.accessor<int64_t, 2>();
        for (int64_t h = 0; h < holes.size(0); ++h) {
            int64_t row[7];
            for (int k = 0; k < 7; ++k) row[k] = s[h][k];
            result[b][h] = double(rank7(row) % samples) / double(samples);
        }
    }
    return result;
}

}  // namespace cfr

TORCH_LIBRARY(cfr, m) {
    m.def("encode_infosets(Tensor cards, Tensor history) -> Tensor");
    m.def("hand_strength_batch(Tensor holes, Tensor boards, int samples) -> Tensor");
}

TORCH_LIBRARY_IMPL(cfr, CPU, m) {
    m.impl("encode_infosets", &cfr::encode_infosets);
    m.impl("hand_strength_batch", &cfr::hand_strength_batch);
}
