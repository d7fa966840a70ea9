"""Interactive viewer: orbit the camera and show downscaled frames as they converge."""
import math
import sys

import cv2
import rtcore


def main(scene, env):
    r = rtcore.Renderer(scene, env, 1920, 1080, spp=2)
    angle = 0.0
    while True:
        cam = [6 * math.cos(angle), 2.0, 6 * math.sin(angle), 0.0, 0.5, 0.0]
        img = rtcore.render_preview(r, cam, 4)
        cv2.imshow("preview", img)
        key = cv2.waitKey(1) & 0xFF
        if key == ord("q"):
            break
        if key == ord("a"):
            angle += 0.05
        if key == ord("r"):
            r.reload_geometry()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
