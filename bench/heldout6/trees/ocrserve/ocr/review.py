from . import _warp


def contact_sheet(pages, tw=160, th=220):
    """Thumbnails for the human review queue (one per page of a document)."""
    _warp.init_canvas(4 * th, 4 * tw)
    return [_warp.make_thumbnail(p, tw, th) for p in pages]
