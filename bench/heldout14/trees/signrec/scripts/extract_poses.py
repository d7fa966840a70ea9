"""Convert OpenPose JSON folders into one .npy keypoint file per clip (one-off data preparation)."""
import json
import sys
from pathlib import Path

import numpy as np
import torch

if __name__ == "__main__":
    src, dst = Path(sys.argv[1]), Path(sys.argv[2])
    frames = sorted(src.glob("*_keypoints.json"))
    buf = torch.zeros((len(frames), 67, 3)).pin_memory()
    for t, f in enumerate(frames):
        p = json.loads(f.read_text())["people"][0]
        pts = p["pose_keypoints_2d"][:75] + p["hand_left_keypoints_2d"] + p["hand_right_keypoints_2d"]
        buf[t] = torch.tensor(pts, dtype=torch.float32).view(-1, 3)[:67]
    np.save(dst, buf.numpy())
