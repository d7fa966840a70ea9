import jax
import numpy as np
from jax.sharding import SingleDeviceSharding

from .buffers import device_profile
from .celery_app import app, settings
from .model import Detector

_DETECTOR = None
_STAGE = SingleDeviceSharding(jax.devices()[0], memory_kind="pinned_host")


def get_detector():
    global _DETECTOR
    if _DETECTOR is None:
        _DETECTOR = Detector(settings.window)
    return _DETECTOR


@app.task(name="iotanom.score_window", bind=True, max_retries=3)
def score_window(self, device_id, values):
    prof = device_profile(device_id)
    x = (np.asarray(values, dtype=np.float32)[: settings.window] * prof[0, 0]) + prof[1, 0]
    staged = jax.device_put(x[None, :], _STAGE)
    err = get_detector().score(jax.device_put(staged, jax.devices()[0]))
    return {"device": device_id, "score": err, "alert": err > settings.threshold}
