import numpy as np
import pytest
import torch

from ktrace.offload import SkillTableOffloader

pytestmark = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")


def test_fetch_reuses_rows_within_a_step(tmp_path):
    table = np.arange(40, dtype=np.float32).reshape(10, 4)
    np.save(tmp_path / "q.npy", table)
    off = SkillTableOffloader(str(tmp_path / "q.npy"), torch.device("cuda"))
    qids = torch.tensor([[3, 7, 3]], device="cuda")
    rows, idx = off.fetch(qids)
    again, _ = off.fetch(qids)
    assert rows.data_ptr() == again.data_ptr()
    torch.testing.assert_close(rows[idx].cpu(), torch.from_numpy(table)[qids.cpu()])
