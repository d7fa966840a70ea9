"""One-off hand-eye calibration from recorded (robot pose, marker pose) pairs."""
from __future__ import annotations

import argparse
import json

import cv2
import numpy as np
import torch


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("samples", help="JSON list of {R_gripper, t_gripper, R_target, t_target}")
    ap.add_argument("--out", default="handeye.json")
    args = ap.parse_args()
    samples = json.load(open(args.samples))
    R_g = [np.array(s["R_gripper"]) for s in samples]
    t_g = [np.array(s["t_gripper"]) for s in samples]
    R_t = [np.array(s["R_target"]) for s in samples]
    t_t = [np.array(s["t_target"]) for s in samples]
    R, t = cv2.calibrateHandEye(R_g, t_g, R_t, t_t, method=cv2.CALIB_HAND_EYE_PARK)
    T = np.eye(4)
    T[:3, :3], T[:3, 3] = R, t.ravel()
    host = torch.from_numpy(T).pin_memory()
    residual = torch.linalg.matrix_norm(host.cuda(non_blocking=True) @ torch.linalg.inv(host.cuda()) - torch.eye(4, device="cuda"))
    json.dump({"T_cam_gripper": T.tolist(), "residual": float(residual)}, open(args.out, "w"), indent=2)


if __name__ == "__main__":
    main()
