"""Live Gaussian blur on the GPU: python vp_demo.py [camera-index]"""
import sys

import cv2

import _vp


def main():
    cam = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    cap = cv2.VideoCapture(cam)
    ok, frame = cap.read()
    if not ok:
        raise SystemExit("no camera")
    _vp.warmup(*frame.shape[:2])
    while True:
        ok, frame = cap.read()
        if not ok:
            break
        out = _vp.blur_frame(frame, ksize=7)
        cv2.imshow("blur", out)
        if cv2.waitKey(1) & 0xFF == ord("q"):
            break
    cap.release()


if __name__ == "__main__":
    main()
