import time

from torch.utils.data import DataLoader

from pianoroll.config import TrainConfig
from pianoroll.data.dataset import MaestroSegments

cfg = TrainConfig()
ds = MaestroSegments(cfg.data_root, "train", cfg.segment_frames, cfg.n_mels)
for workers in (2, 4, 8):
    dl = DataLoader(ds, batch_size=cfg.batch_size, num_workers=workers, pin_memory=True)
    t0 = time.perf_counter()
    for i, _ in enumerate(dl):
        if i == 50:
            break
    print(workers, (time.perf_counter() - t0) / 50)
