import pytest
import torch

pytestmark = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")


def test_identical_distributions_accept_everything():
    import specdec  # noqa: F401

    B, k, V = 3, 4, 11
    probs = torch.softmax(torch.randn(B, k + 1, V, device="cuda"), -1)
    drafts = probs[:, :k].argmax(-1)
    u = torch.zeros(B, k, device="cuda")
    n = torch.ops.specdec.accept_tokens(drafts, probs, probs[:, :k], u)
    assert n.tolist() == [k] * B


def test_host_cache_grows_and_keeps_blocks():
    from specdec.kv_cache import HostKVCache

    c = HostKVCache(2, (1, 2, 4, 1, 8), torch.float16)
    c.blocks[1].fill_(3)
    c.ensure_blocks(5)
    assert c.blocks.shape[0] == 5 and bool((c.blocks[1] == 3).all())


def test_pinned_roundtrip():
    x = torch.arange(10, pin_memory=True)
    assert torch.equal(x.cuda().cpu(), x)
