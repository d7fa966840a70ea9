import logging
import os
import sys
import time

_FMT = "[%(asctime)s] [%(levelname)s] [rank%(rank)s] %(message)s"


class RankFilter(logging.Filter):
    def filter(self, record):
        record.rank = os.environ.get("RANK", "0")
        return True


def get_logger(name="zerooffload"):
    log = logging.getLogger(name)
    if not log.handlers:
        h = logging.StreamHandler(sys.stdout)
        h.setFormatter(logging.Formatter(_FMT))
        h.addFilter(RankFilter())
        log.addHandler(h)
        log.setLevel(logging.INFO)
    return log


class Timer:
    def __init__(self):
        self.t = {}

    def start(self, k):
        self.t[k] = time.perf_counter()

    def stop(self, k):
        return time.perf_counter() - self.t.pop(k)
