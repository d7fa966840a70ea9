import pytest
import torch

pytest.importorskip("fastgather._C")
from fastgather import _C  # noqa: E402

pytestmark = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")


@pytest.mark.parametrize("shape", [(1,), (7, 3), (256, 1024)])
def test_stage_matches_to(shape):
    for dtype in (torch.float32, torch.float16, torch.int64):
        x = torch.arange(int(torch.tensor(shape).prod())).reshape(shape).to(dtype)
        torch.testing.assert_close(_C.stage(x, 0).cpu(), x)


def test_upload_inplace_leaves_source_usable():
    x = torch.randn(1000)
    y = _C.upload_inplace(x, 0)
    x.add_(1)  # would fault if the pages were still registered and freed
    torch.testing.assert_close(y.cpu() + 1, x)
