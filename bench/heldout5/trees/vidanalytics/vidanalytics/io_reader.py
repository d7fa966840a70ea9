import collections
import subprocess

import numpy as np

Packet = collections.namedtuple("Packet", "data pts")


class StreamReader:
    def __init__(self, source, width=1920, height=1080):
        self.source = source
        self.width = width
        self.height = height
        self.proc = None

    def _open(self):
        cmd = ["ffmpeg", "-loglevel", "error", "-i", self.source, "-f", "rawvideo",
               "-pix_fmt", "rgb24", "-"]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE)

    def packets(self, batch):
        if self.proc is None:
            self._open()
        size = self.width * self.height * 3
        pts = 0
        while True:
            out = []
            for _ in range(batch):
                raw = self.proc.stdout.read(size)
                if len(raw) < size:
                    break
                out.append(Packet(raw, pts))
                pts += 1
            if not out:
                return
            yield out

    def decode_into(self, pkt, dst):
        dst[...] = np.frombuffer(pkt.data, dtype=np.uint8).reshape(dst.shape)
