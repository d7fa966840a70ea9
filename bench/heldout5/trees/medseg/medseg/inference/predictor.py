import torch

from .sliding_window import gaussian_map, sliding_window_inference


class Predictor:
    def __init__(self, model, roi, num_classes=2, overlap=0.5, device="cuda", tta=False):
        self.model = model.to(device).eval()
        self.roi = roi
        self.k = num_classes
        self.overlap = overlap
        self.device = device
        self.tta = tta
        self.importance_host = gaussian_map(roi).pin_memory()
        self.importance = self.importance_host.to(device)[None, None]

    def _run(self, vol):
        out = torch.zeros((1, self.k) + tuple(vol.shape[2:]), dtype=torch.float32, pin_memory=True)
        return sliding_window_inference(vol, self.roi, self.model, self.overlap, self.importance, out)

    def predict(self, volume):
        vol = volume.to(self.device, non_blocking=True)
        if self.tta:
            return self.predict_tta(vol)
        return self._run(vol).argmax(1)

    def predict_tta(self, vol):
        acc = None
        for dims in ((), (2,), (3,), (4,)):
            v = vol.flip(dims) if dims else vol
            with torch.no_grad():
                logits = self.model(v)
            logits = logits.flip(dims) if dims else logits
            part = torch.empty(logits.shape, dtype=torch.float32, pin_memory=True)
            part.copy_(logits)
            acc = part if acc is None else acc + part
        return acc.argmax(1)
