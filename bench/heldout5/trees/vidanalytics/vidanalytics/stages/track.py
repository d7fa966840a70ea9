import numpy as np
import torch

from ..registry import register_stage
from .base import Stage


class Track:
    _ids = 0

    def __init__(self, box, score):
        Track._ids += 1
        self.id = Track._ids
        self.state = torch.tensor(list(box) + [0.0, 0.0, 0.0, 0.0])
        self.score = score
        self.age = 0
        self.hits = 1

    def predict(self):
        self.state[:4] += self.state[4:]
        self.age += 1


def iou_matrix(a, b):
    if len(a) == 0 or len(b) == 0:
        return np.zeros((len(a), len(b)), dtype=np.float32)
    x1 = np.maximum(a[:, None, 0], b[None, :, 0])
    y1 = np.maximum(a[:, None, 1], b[None, :, 1])
    x2 = np.minimum(a[:, None, 2], b[None, :, 2])
    y2 = np.minimum(a[:, None, 3], b[None, :, 3])
    inter = np.clip(x2 - x1, 0, None) * np.clip(y2 - y1, 0, None)
    area_a = (a[:, 2] - a[:, 0]) * (a[:, 3] - a[:, 1])
    area_b = (b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1])
    return inter / (area_a[:, None] + area_b[None, :] - inter + 1e-9)


@register_stage("track")
class TrackStage(Stage):
    def __init__(self, cfg, device="cuda:0"):
        super().__init__(cfg, device)
        self.tracks = []
        self._boxes_host = None
        self.max_age = cfg.track.max_age

    def _boxes(self, n):
        if self._boxes_host is None or self._boxes_host.shape[0] < n:
            cap = max(n, 2 * (0 if self._boxes_host is None else self._boxes_host.shape[0]), 64)
            self._boxes_host = torch.empty((cap, 4), dtype=torch.float32, pin_memory=True)
        return self._boxes_host[:n]

    def process(self, batch):
        for dets in batch["dets"]:
            for t in self.tracks:
                t.predict()
            boxes = self._boxes(len(self.tracks))
            for i, t in enumerate(self.tracks):
                boxes[i].copy_(t.state[:4])
            m = iou_matrix(boxes.numpy(), dets[:, :4]) if len(dets) else None
            self._associate(m, dets)
        batch["tracks"] = [(t.id, t.state[:4].tolist()) for t in self.tracks if t.hits >= 3]
        return batch

    def _associate(self, m, dets):
        used = set()
        if m is not None:
            for i, t in enumerate(self.tracks):
                j = int(m[i].argmax()) if m.shape[1] else -1
                if j >= 0 and m[i, j] > 0.3 and j not in used:
                    t.state[:4] = torch.from_numpy(dets[j, :4])
                    t.hits += 1
                    t.age = 0
                    used.add(j)
        for j in range(len(dets)):
            if j not in used:
                self.tracks.append(Track(dets[j, :4], float(dets[j, 4])))
        self.tracks = [t for t in self.tracks if t.age <= self.max_age]

    def export_tracks(self, path):
        rows = []
        for t in self.tracks:
            st = t.state.to(torch.float64).pin_memory()
            rows.append([t.id] + st.tolist())
        np.savetxt(path, np.array(rows), fmt="%.3f")

    def close(self):
        self.tracks.clear()
