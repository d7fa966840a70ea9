import argparse

from .algorithms.cc import connected_components
from .algorithms.pagerank import PageRank
from .io import read_edge_list, write_labels


def main(argv=None):
    p = argparse.ArgumentParser("graphx")
    p.add_argument("edges")
    p.add_argument("--algo", choices=["cc", "pagerank"], default="cc")
    p.add_argument("--out", default="out.txt")
    a = p.parse_args(argv)
    g = read_edge_list(a.edges)
    if a.algo == "cc":
        write_labels(a.out, connected_components(g))
    else:
        r = PageRank(g).run()
        write_labels(a.out, (r * 1e9).astype("int64"))


if __name__ == "__main__":
    main()
