from .dataset import PickDataset, collate_micrographs
from .loaders import make_train_loader, make_val_loader

__all__ = ["PickDataset", "collate_micrographs", "make_train_loader", "make_val_loader"]
