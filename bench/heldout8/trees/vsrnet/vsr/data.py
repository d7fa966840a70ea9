import glob
import os

import cv2
import numpy as np
import torch
from torch.utils.data import Dataset


class REDSClips(Dataset):
    def __init__(self, root, clip_len, crop):
        self.clips = sorted(glob.glob(os.path.join(root, "train_sharp", "*")))
        self.clip_len = clip_len
        self.crop = crop

    def __len__(self):
        return len(self.clips) * 10

    def __getitem__(self, i):
        d = self.clips[i % len(self.clips)]
        frames = sorted(os.listdir(d))
        s = np.random.randint(0, len(frames) - self.clip_len + 1)
        imgs = [cv2.imread(os.path.join(d, f))[..., ::-1] for f in frames[s : s + self.clip_len]]
        h, w = imgs[0].shape[:2]
        y, x = np.random.randint(0, h - self.crop + 1), np.random.randint(0, w - self.crop + 1)
        clip = np.stack([im[y : y + self.crop, x : x + self.crop] for im in imgs]).astype(np.float32) / 255.0
        return torch.from_numpy(clip).permute(0, 3, 1, 2).contiguous()
