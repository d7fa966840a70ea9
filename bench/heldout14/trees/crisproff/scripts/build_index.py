import sys

from crisproff._ffi import lib

if __name__ == "__main__":
    sys.exit(lib.ots_index_build(sys.argv[1].encode(), sys.argv[2].encode()))
