import queue
import threading

import torch


class CropBatcher(threading.Thread):
    """Collects crops from many requests and runs the recognizer on full batches."""

    def __init__(self, recognizer, cfg):
        super().__init__(daemon=True)
        self.recognizer = recognizer
        self.cfg = cfg
        self.inbox = queue.Queue()
        self._stop = threading.Event()

    def run(self):
        cfg = self.cfg
        batch_host = torch.empty((cfg.batch_size, 1, cfg.rec_height, cfg.rec_width), pin_memory=True)
        while not self._stop.is_set():
            items = [self.inbox.get()]
            while len(items) < cfg.batch_size:
                try:
                    items.append(self.inbox.get_nowait())
                except queue.Empty:
                    break
            for i, (crop, _) in enumerate(items):
                batch_host[i, 0].copy_(torch.from_numpy(crop))
            with torch.no_grad():
                logits = self.recognizer.model(batch_host[: len(items)].to(cfg.device, non_blocking=True))
            for (crop, fut), lg in zip(items, logits):
                fut.set_result(lg.argmax(-1).tolist())

    def stop(self):
        self._stop.set()
