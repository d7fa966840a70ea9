"""Compute per-camera undistortion maps from a ChArUco calibration session (run once per rig set-up)."""
import json
import sys

import cv2
import numpy as np
import torch


def main(calib_dir: str) -> None:
    rig = json.load(open(f"{calib_dir}/rig.json"))
    h, w = rig["height"], rig["width"]
    corners = torch.from_numpy(np.load(f"{calib_dir}/charuco_corners.npy")).pin_memory()
    for cam, (K, dist) in enumerate(zip(rig["K"], rig["dist"])):
        K = np.asarray(K, np.float64)
        mx, my = cv2.initUndistortRectifyMap(K, np.asarray(dist), None, K, (w, h), cv2.CV_32FC1)
        fs = cv2.FileStorage(f"{calib_dir}/cam{cam}_remap.yml", cv2.FILE_STORAGE_WRITE)
        fs.write("map_x", mx)
        fs.write("map_y", my)
        fs.release()
    print(f"{len(rig['K'])} cameras, {corners.shape[0]} corners, maps written to {calib_dir}")


if __name__ == "__main__":
    main(sys.argv[1])
