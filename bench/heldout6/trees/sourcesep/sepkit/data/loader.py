from torch.utils.data import DataLoader

from .musdb import MusdbSegments


def make_loader(root, split, cfg, shuffle):
    ds = MusdbSegments(root, split, cfg)
    return DataLoader(ds, batch_size=cfg.batch_size, shuffle=shuffle, num_workers=cfg.workers,
                      pin_memory=True, persistent_workers=True, drop_last=shuffle)


def build_loaders(root, cfg):
    return {
        "train": make_loader(root, "train", cfg, shuffle=True),
        "valid": make_loader(root, "valid", cfg, shuffle=False),
    }
