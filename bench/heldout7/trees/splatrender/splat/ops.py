import torch


def tile_sort(keys: torch.Tensor, num_tiles: int) -> torch.Tensor:
    return torch.ops.splat.tile_sort(keys, num_tiles)


def rasterize(means2d, conics, colors, opacity, ranges, order, width, height, tile):
    return torch.ops.splat.rasterize_forward(means2d, conics, colors, opacity, ranges, order,
                                             width, height, tile)


def load_sh_table(coeffs: torch.Tensor) -> None:
    torch.ops.splat.load_sh_table(coeffs)


def free_sh_table() -> None:
    torch.ops.splat.free_sh_table()
