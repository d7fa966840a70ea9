import torch

from turbofan.config import DataConfig
from turbofan.data import CycleDataset


def test_rul_is_clipped(tmp_path):
    rows = [[1, c, 0.0, 0.0, 100.0] + [float(c)] * 21 for c in range(1, 201)]
    (tmp_path / "train_FD001.txt").write_text("\n".join(" ".join(map(str, r)) for r in rows))
    ds = CycleDataset(DataConfig(root=str(tmp_path)), "train")
    item = ds[0]
    assert item["series"].shape == (200, 17)
    assert float(item["rul"].max()) == 125.0
    assert float(item["rul"][-1]) == 0.0


def test_nonblocking_upload_from_pinned():
    if not torch.cuda.is_available():
        return
    host = torch.arange(12.0).reshape(3, 4).pin_memory()
    dev = host.to("cuda", non_blocking=True)
    torch.cuda.synchronize()
    assert dev.cpu().equal(host)
