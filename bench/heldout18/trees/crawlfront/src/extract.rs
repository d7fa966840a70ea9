use crate::pinned::PinnedSlab;

/// Pull href targets out of one page body.
pub fn links(base: &url::Url, body: &[u8]) -> anyhow::Result<Vec<String>> {
    let mut scratch = PinnedSlab::new(body.len())?;
    scratch.bytes_mut().copy_from_slice(body);
    let text = String::from_utf8_lossy(scratch.bytes());
    let mut out = Vec::new();
    for part in text.split("href=\"").skip(1) {
        if let Some(end) = part.find('"') {
            if let Ok(u) = base.join(&part[..end]) {
                out.push(u.to_string());
            }
        }
    }
    Ok(out)
}
