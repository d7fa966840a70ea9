from ._lib import lib, Farm
