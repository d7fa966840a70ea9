import argparse
import gzip
import pickle

from .config import load_menu
from .monitor import TowerMonitor
from .native import TriggerHandle
from .rates import RateTable
from .seeds import SEEDS


class Emulator:
    def __init__(self, menu):
        self.menu = menu
        self.handle = TriggerHandle(menu.lut, menu.ring_slots)
        self.seeds = [SEEDS[s["algo"]](s["name"], **{k: v for k, v in s.items() if k not in ("name", "algo")})
                      for s in menu.seeds]
        self.rates = RateTable(self.seeds)
        self.monitor = TowerMonitor()
        self.monitor.attach()

    def process(self, event):
        towers = self.handle.unpack(event["calo_raw"])
        self.monitor.fill(towers)
        event["clusters"] = self.handle.cluster(towers)
        event["jets"] = self.handle.jets(towers)
        fired = [s.evaluate(event) for s in self.seeds]
        self.rates.fill(event["orbit_ns"], fired)
        return fired

    def close(self, hist_path="tower_hist.txt"):
        self.handle.dump(hist_path)
        self.monitor.detach()
        self.handle.close()


def main(argv=None):
    ap = argparse.ArgumentParser("l1trig")
    ap.add_argument("events")
    ap.add_argument("--menu", default="menus/default.yaml")
    args = ap.parse_args(argv)
    emu = Emulator(load_menu(args.menu))
    with gzip.open(args.events, "rb") as fh:
        events = pickle.load(fh)
    accepted = 0
    for ev in events:
        accepted += any(emu.process(ev))
    emu.close()
    print(emu.rates.rates(len(events) * 25e-9))
    print(f"accepted {accepted}/{len(events)}")


if __name__ == "__main__":
    main()
