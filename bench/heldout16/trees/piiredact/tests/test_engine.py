import pytest
import torch

import piiredact  # noqa: F401

cuda = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a GPU")


def test_align_offsets_merges_subwords():
    offsets = torch.tensor([[0, 0], [0, 3], [3, 5], [6, 9], [0, 0]])
    word_ids = torch.tensor([-1, 0, 0, 1, -1])
    (spans,) = torch.ops.pii.align_offsets(offsets, word_ids, [5])
    assert spans.tolist() == [[0, 5], [6, 9]]


@cuda
def test_viterbi_prefers_emissions_without_transitions():
    em = torch.zeros(1, 4, 3, device="cuda")
    em[0, torch.arange(4), torch.tensor([1, 2, 2, 0])] = 5.0
    tags = torch.ops.pii.viterbi_decode(em, torch.zeros(3, 3, device="cuda"), torch.tensor([4]))
    assert tags[0].tolist() == [1, 2, 2, 0]


@cuda
def test_pinned_copy():
    host = torch.empty(4, 3, pin_memory=True)
    host.copy_(torch.ones(4, 3, device="cuda"))
    assert host.sum().item() == 12
