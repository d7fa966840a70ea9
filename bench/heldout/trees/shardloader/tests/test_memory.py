import pytest
import torch

from shardloader import HostStaging, PinnedCollate, alloc_pinned, cuda_malloc_host

cuda = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")


@cuda
def test_alloc_pinned_is_pinned():
    t = alloc_pinned((4, 8))
    assert t.is_pinned()
    assert t.shape == (4, 8)


@cuda
@pytest.mark.parametrize("n", [1, 17, 4096, 1 << 20])
def test_cuda_malloc_host_sizes(n):
    t = cuda_malloc_host(n)
    assert t.numel() == n and t.dtype == torch.uint8 and t.is_pinned()


@cuda
def test_staging_grows_only():
    st = HostStaging()
    a = st.reserve(100)
    b = st.reserve(50)
    assert a.data_ptr() == b.data_ptr()
    c = st.reserve(1000)
    assert st.cap >= 1000 and c.numel() == 1000


@cuda
def test_pinned_collate_roundtrip():
    samples = [{"image": torch.full((3, 2), float(i)), "label": i} for i in range(5)]
    out = PinnedCollate()(samples)
    assert out["image"].is_pinned()
    ref = torch.stack([s["image"] for s in samples]).pin_memory()
    torch.testing.assert_close(out["image"], ref)
