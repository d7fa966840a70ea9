import pytest
import torch

gnnsample = pytest.importorskip("gnnsample")


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")
def test_frontier_respects_fanout(tmp_path, tiny_csr):
    sampler = gnnsample.NeighborSampler(str(tiny_csr), [3])
    seeds = torch.arange(8, dtype=torch.long).pin_memory()
    block = sampler.sample(seeds)
    rowptr, frontier = block.adjs[0]
    assert int((rowptr[1:] - rowptr[:-1]).max()) <= 3
    assert frontier.is_pinned()
