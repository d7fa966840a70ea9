from torch.utils.data import DataLoader

from .dataset import CacheVolumeDataset, VolumeDataset
from .transforms import Compose, NormalizeIntensityd, RandCropd, ToTensord


def train_transforms(cfg):
    return Compose([
        NormalizeIntensityd(["image"]),
        RandCropd(["image", "label"], cfg.roi),
        ToTensord(["image", "label"]),
    ])


def build_train_loader(cfg):
    ds = CacheVolumeDataset(cfg.root, train_transforms(cfg))
    return DataLoader(ds, batch_size=cfg.batch_size, shuffle=True, num_workers=cfg.num_workers, pin_memory=True,
                      persistent_workers=cfg.num_workers > 0)


def build_val_loader(cfg):
    ds = VolumeDataset(cfg.root, Compose([ToTensord(["image", "label"])]), split="imagesVal")
    return DataLoader(ds, batch_size=1, shuffle=False, num_workers=2, pin_memory=True)
