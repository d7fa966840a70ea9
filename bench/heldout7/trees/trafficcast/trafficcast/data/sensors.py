import numpy as np
import pandas as pd
import torch
from torch.utils.data import DataLoader, Dataset


class SensorWindows(Dataset):
    def __init__(self, values, history, horizon, mean, std):
        self.values = (values - mean) / std
        self.h, self.f = history, horizon

    def __len__(self):
        return len(self.values) - self.h - self.f + 1

    def __getitem__(self, i):
        x = self.values[i:i + self.h]
        y = self.values[i + self.h:i + self.h + self.f]
        return torch.from_numpy(x).float(), torch.from_numpy(y).float()


def read_speeds(path):
    df = pd.read_hdf(path)
    return df.to_numpy(np.float32), df.index


def make_loaders(cfg):
    values, _ = read_speeds(cfg.data.path)
    n = len(values)
    cut = int(0.8 * n)
    mean, std = values[:cut].mean(), values[:cut].std()
    train = SensorWindows(values[:cut], cfg.data.history, cfg.data.horizon, mean, std)
    val = SensorWindows(values[cut:], cfg.data.history, cfg.data.horizon, mean, std)
    train_loader = DataLoader(train, batch_size=cfg.data.batch_size, shuffle=True, drop_last=True,
                              num_workers=cfg.data.num_workers, pin_memory=True)
    val_loader = DataLoader(val, batch_size=cfg.data.batch_size, num_workers=2, pin_memory=True)
    return train_loader, val_loader, (mean, std)
