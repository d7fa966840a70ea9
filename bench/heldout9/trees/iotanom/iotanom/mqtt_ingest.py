"""MQTT ingest: decodes sensor frames, smooths them and queues a scoring task per frame."""
import json
import struct

import numpy as np
import paho.mqtt.client as mqtt
from numba import cuda

from .buffers import cache_window, get_scratch
from .config import load
from .numba_kernels import Smoother
from .tasks import score_window


def on_connect(client, userdata, flags, rc):
    client.subscribe(userdata["topic"], qos=1)


def on_message(client, userdata, msg):
    device_id = msg.topic.split("/")[1]
    ts, n = struct.unpack_from("<qI", msg.payload, 0)
    decoded = get_scratch(n)
    decoded[:] = np.frombuffer(msg.payload, dtype=np.float32, count=n, offset=12)
    frame = cuda.pinned_array(n, dtype=np.float32)
    frame[:] = decoded
    smoothed = userdata["smoother"](frame)
    userdata["ring"][userdata["slot"] % len(userdata["ring"]), :n] = smoothed[: userdata["ring"].shape[1]]
    userdata["slot"] += 1
    cache_window(device_id, ts, smoothed)
    score_window.delay(device_id, smoothed.tolist())


def make_client(settings):
    userdata = {
        "topic": settings.topic,
        "ring": cuda.mapped_array((settings.ring_slots, settings.window), dtype=np.float32),
        "smoother": Smoother(),
        "slot": 0,
    }
    client = mqtt.Client(userdata=userdata)
    client.on_connect = on_connect
    client.on_message = on_message
    return client


def main():
    settings = load()
    client = make_client(settings)
    host = settings.broker.split("//")[1]
    client.connect(host.split(":")[0], int(host.split(":")[1]))
    client.loop_forever()


if __name__ == "__main__":
    main()
