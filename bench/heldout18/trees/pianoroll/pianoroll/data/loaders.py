from torch.utils.data import DataLoader

from .dataset import MaestroSegments


def make_train_loader(cfg):
    ds = MaestroSegments(cfg.data_root, "train", cfg.segment_frames, cfg.n_mels)
    return DataLoader(ds, batch_size=cfg.batch_size, shuffle=True, num_workers=cfg.num_workers,
                      pin_memory=True, persistent_workers=True, drop_last=True)


def make_eval_loader(cfg, split="validation"):
    ds = MaestroSegments(cfg.data_root, split, cfg.segment_frames, cfg.n_mels)
    return DataLoader(ds, batch_size=cfg.batch_size, num_workers=2, pin_memory=True)
