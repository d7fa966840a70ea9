use crate::ffi;

/// 64-bit SimHash of each page body, computed on the GPU.
pub fn fingerprints(pages: &mut [Vec<u8>]) -> anyhow::Result<Vec<u64>> {
    let lens: Vec<usize> = pages.iter().map(|p| p.len()).collect();
    let mut ptrs: Vec<*mut u8> = pages.iter_mut().map(|p| p.as_mut_ptr()).collect();
    let mut out = vec![0u64; pages.len()];
    ffi::ok(unsafe { ffi::cf_simhash_pages(ptrs.as_mut_ptr(), lens.as_ptr(), pages.len(), out.as_mut_ptr()) }, "simhash")?;
    Ok(out)
}

pub fn near_duplicate(a: u64, b: u64) -> bool {
    (a ^ b).count_ones() <= 3
}
