//! Address normalisation and trigram extraction.
use std::cell::RefCell;

use unicode_normalization::UnicodeNormalization;

use crate::arena::HostArena;
use crate::Result;

const ABBREV: &[(&str, &str)] = &[
    ("street", "st"), ("road", "rd"), ("avenue", "ave"), ("drive", "dr"), ("place", "pl"),
    ("court", "ct"), ("crescent", "cres"), ("highway", "hwy"), ("parade", "pde"), ("terrace", "tce"),
];

thread_local! {
    /// code points of the query being normalised; grows to the longest query seen
    static CODEPOINTS: RefCell<Option<HostArena<u32>>> = const { RefCell::new(None) };
}

pub fn normalise(q: &str) -> Result<String> {
    CODEPOINTS.with(|cell| {
        let mut slot = cell.borrow_mut();
        let need = q.chars().count() * 2 + 8;
        if slot.as_ref().map_or(true, |a| a.len() < need) {
            *slot = Some(HostArena::new(need.next_power_of_two())?);
        }
        let buf = slot.as_mut().expect("scratch").as_mut_slice();
        let mut n = 0;
        for c in q.nfkd().filter(|c| c.is_ascii()) {
            buf[n] = c.to_ascii_lowercase() as u32;
            n += 1;
        }
        let s: String = buf[..n].iter().filter_map(|c| char::from_u32(*c)).collect();
        let words: Vec<String> = s
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(|w| ABBREV.iter().find(|(long, _)| *long == w).map(|(_, short)| short.to_string()).unwrap_or_else(|| w.to_string()))
            .collect();
        Ok(words.join(" "))
    })
}

pub fn trigrams(norm: &str) -> Vec<u32> {
    let padded: Vec<u8> = format!("  {norm} ").into_bytes();
    let mut t: Vec<u32> = padded.windows(3).map(|w| (w[0] as u32) << 16 | (w[1] as u32) << 8 | w[2] as u32).collect();
    t.sort_unstable();
    t.dedup();
    t
}
