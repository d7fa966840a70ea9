"""Nightly risk run: reprice the book under every historical scenario."""
import argparse
import logging

import numpy as np

from .lib import Pricer
from .market import MarketData, load_book

log = logging.getLogger("risk")


def scenarios_from_history(path):
    hist = np.loadtxt(path, delimiter=",", skiprows=1)
    for row in hist:
        yield {"spot": row[1], "vol": row[2], "rate": row[3]}


def var(pnl, q=0.99):
    return -np.quantile(pnl, 1 - q)


def run(book_path, hist_path, base: MarketData):
    book = load_book(book_path)
    pricer = Pricer()
    pricer.set_curve(base.curve_t, base.curve_r)
    pricer.load_surface("surface.bin")
    base_pv = pricer.price(book, base).sum()
    pnl = []
    for sc in scenarios_from_history(hist_path):
        m = base.bumped(spot=sc["spot"], vol=sc["vol"], rate=sc["rate"])
        pnl.append(pricer.price(book, m).sum() - base_pv)
    greeks = pricer.greeks(book, base)
    pricer.export_paths("paths.bin", 1024)
    pricer.close()
    return var(np.array(pnl)), greeks


def calibrate_history(quotes_by_day):
    pricer = Pricer(n_paths=1 << 16)
    params = []
    for day, quotes in quotes_by_day:
        params.append((day, pricer.calibrate(quotes)))
    pricer.close()
    return params


def main():
    p = argparse.ArgumentParser()
    p.add_argument("book")
    p.add_argument("history")
    p.add_argument("--spot", type=float, default=100.0)
    p.add_argument("--vol", type=float, default=0.2)
    a = p.parse_args()
    v, g = run(a.book, a.history, MarketData(spot=a.spot, rate=0.03, div=0.0, vol=a.vol))
    log.info("VaR99 %.2f, delta %.3f", v, g[:, 0].sum())


if __name__ == "__main__":
    main()
