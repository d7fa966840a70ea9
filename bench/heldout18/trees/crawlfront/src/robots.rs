use crate::pinned::PinnedSlab;
use std::sync::OnceLock;

static DISALLOW: OnceLock<PinnedSlab> = OnceLock::new();

/// Global disallow-prefix table, packed once into pinned memory for the URL filter kernel.
pub fn disallow_table() -> &'static PinnedSlab {
    DISALLOW.get_or_init(|| {
        let prefixes = b"/cgi-bin/\n/wp-admin/\n/cart\n/login\n";
        let mut s = PinnedSlab::new(prefixes.len()).expect("pinned robots table");
        s.bytes_mut().copy_from_slice(prefixes);
        s
    })
}

pub fn allowed(url: &str) -> bool {
    let t = String::from_utf8_lossy(disallow_table().bytes()).to_string();
    !t.lines().any(|p| url.contains(p))
}
