import argparse

from .screen import Screener


def main(argv=None):
    ap = argparse.ArgumentParser(prog="dockscreen")
    ap.add_argument("receptor")
    ap.add_argument("library")
    ap.add_argument("--batch", type=int, default=2048)
    ap.add_argument("--top", type=int, default=500)
    ap.add_argument("--filters", nargs="*", default=["lipinski", "pains"])
    ap.add_argument("--out", default="hits.tsv")
    args = ap.parse_args(argv)
    Screener(args.receptor, args.filters, batch=args.batch).run(args.library, args.top, args.out)


if __name__ == "__main__":
    main()
