"""Optional letterboxed preview window (used by the `--preview` flag of the viewer)."""
import cv2

from .native import vaops


class PreviewWindow:
    def __init__(self, name="vidanalytics"):
        self.name = name

    def on_frame(self, frame_rgb):
        boxed = vaops.letterbox(frame_rgb)
        cv2.imshow(self.name, boxed[..., ::-1])
        return cv2.waitKey(1) & 0xFF


def play(reader, window=None):
    window = window or PreviewWindow()
    for packets in reader.packets(1):
        for pkt in packets:
            import numpy as np
            frame = np.frombuffer(pkt.data, dtype=np.uint8).reshape(reader.height, reader.width, 3)
            if window.on_frame(frame) == ord("q"):
                return
