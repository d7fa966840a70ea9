from functools import partial

from torch.utils.data import DataLoader

from .dataset import PickDataset, collate_micrographs


def make_train_loader(cfg):
    ds = PickDataset(cfg.data.root, cfg.data.micrograph_glob, split="train")
    return DataLoader(ds, batch_size=cfg.data.batch_size, shuffle=True,
                      num_workers=cfg.data.num_workers, pin_memory=cfg.data.pin_memory,
                      collate_fn=collate_micrographs, persistent_workers=True)


def make_val_loader(cfg):
    ds = PickDataset(cfg.data.root, cfg.data.micrograph_glob, split="val")
    build = partial(DataLoader, batch_size=cfg.data.batch_size, shuffle=False, num_workers=2)
    return build(ds, pin_memory=True)
