//! A literal scan for catalog names: a file that mentions none is never parsed.

use aho_corasick::AhoCorasick;

use crate::catalog::Catalog;

/// How the names are searched: Teddy (SIMD, the fastest for a few dozen names) when it
/// can take them, else an Aho-Corasick DFA.
enum Matcher {
    Packed(aho_corasick::packed::Searcher),
    Dfa(AhoCorasick),
}

/// Leftmost-longest: at a position, `cuMemAllocHost_v2` wins over its prefix
/// `cuMemAllocHost`, so the identifier-boundary check sees the whole name. (If the longest
/// name at a position fails the check, every shorter one there fails too.)
fn build<S: AsRef<[u8]>>(needles: &[S]) -> Option<Matcher> {
    let packed = aho_corasick::packed::Config::new()
        .match_kind(aho_corasick::packed::MatchKind::LeftmostLongest)
        .builder()
        .extend(needles)
        .build();
    if let Some(p) = packed {
        return Some(Matcher::Packed(p));
    }
    AhoCorasick::builder()
        .match_kind(aho_corasick::MatchKind::LeftmostLongest)
        .kind(Some(aho_corasick::AhoCorasickKind::DFA))
        .build(needles)
        .ok()
        .map(Matcher::Dfa)
}

/// A SIMD searcher for the needles that contain no other needle, with the longest
/// needle's length; `None` when Teddy cannot take them.
fn anchors(needles: &[String]) -> Option<(aho_corasick::packed::Searcher, usize)> {
    let minimal = needles
        .iter()
        .filter(|n| !needles.iter().any(|m| m != *n && n.contains(m.as_str())));
    let searcher = aho_corasick::packed::Config::new()
        .match_kind(aho_corasick::packed::MatchKind::LeftmostFirst)
        .builder()
        .extend(minimal)
        .build()?;
    let longest = needles.iter().map(String::len).max().unwrap_or(0);
    Some((searcher, longest))
}

impl Matcher {
    /// The first match in `bytes[at..]`: (start, end).
    fn find(&self, bytes: &[u8], at: usize) -> Option<(usize, usize)> {
        match self {
            Matcher::Packed(p) => p
                .find_in(bytes, aho_corasick::Span::from(at..bytes.len()))
                .map(|m| (m.start(), m.end())),
            Matcher::Dfa(d) => d
                .find(aho_corasick::Input::new(bytes).span(at..bytes.len()))
                .map(|m| (m.start(), m.end())),
        }
    }
}

pub struct Prefilter {
    matcher: Option<Matcher>,
    /// When the names are too many for Teddy: the names that contain no other name, for a
    /// SIMD search first (a file without one of them mentions no name; most files), and
    /// the longest name's length.
    anchors: Option<(aho_corasick::packed::Searcher, usize)>,
}

impl Prefilter {
    pub fn new(catalog: &Catalog) -> Prefilter {
        let needles = catalog.needles();
        // Building from plain literals cannot fail short of absurd sizes; if it does,
        // every file is parsed, which is slower but still correct.
        let matcher = build(&needles);
        let anchors = match &matcher {
            Some(Matcher::Dfa(_)) => anchors(&needles),
            _ => None,
        };
        Prefilter { matcher, anchors }
    }

    /// A SIMD searcher for a few literals (at most 64: Teddy); `None` for more, or none.
    pub fn literals(words: &[&[u8]]) -> Option<Prefilter> {
        if words.is_empty() || words.len() > 64 {
            return None;
        }
        let packed = aho_corasick::packed::Config::new()
            .match_kind(aho_corasick::packed::MatchKind::LeftmostLongest)
            .builder()
            .extend(words)
            .build()?;
        Some(Prefilter {
            matcher: Some(Matcher::Packed(packed)),
            anchors: None,
        })
    }

    /// Could this text contain a call of one of the names? Only whole identifiers count:
    /// `__gt` does not admit a file that only mentions `__gthread`.
    pub fn admits(&self, bytes: &[u8]) -> bool {
        let Some(m) = &self.matcher else {
            return true;
        };
        let ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
        // Every name contains an anchor: a name found at `s` holds one at or after `s`, so
        // none starts before the first anchor less the longest name's length.
        let mut at = 0;
        if let Some((anchors, longest)) = &self.anchors {
            let Some(first) = anchors.find(bytes) else {
                return false;
            };
            at = first.start().saturating_sub(*longest);
        }
        // A hit inside a longer identifier restarts the search one byte later.
        while let Some((start, end)) = m.find(bytes, at) {
            let before = start.checked_sub(1).map(|i| bytes[i]);
            let after = bytes.get(end).copied();
            if !before.is_some_and(ident) && !after.is_some_and(ident) {
                return true;
            }
            at = start + 1;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn admits_only_files_that_mention_an_api() {
        let p = Prefilter::new(&Catalog::builtin());
        assert!(p.admits(b"x = t.pin_memory()"));
        assert!(p.admits(b"CUDA_CHECK(cudaMallocHost(&p, n));"));
        assert!(!p.admits(b"import numpy as np\nprint(np.zeros(3))\n"));
        assert!(!p.admits(b"my_cudaMallocHost_wrapper(p);"));
        // A name whose prefix is also a needle.
        assert!(p.admits(b"sys::cuMemAllocHost_v2(&mut p, n)"));
        // A common word is looked for through the catalog's `needle`: Numba's
        // `cuda.pinned(..)`, not every `pinned` flag.
        assert!(p.admits(b"with cuda.pinned(out):\n    pass\n"));
        assert!(!p.admits(b"def f(pinned=True):\n    return pinned\n"));
        // (More names than Teddy takes: the names that contain no other are searched
        // first.) A name found after a failed one, and names holding another's text.
        assert!(p.anchors.is_some());
        assert!(p.admits(b"my_cudaMallocHost_wrapper(p);\ncudaHostAlloc(&p, n, 0);"));
        assert!(p.admits(b"auto mr = rmm::mr::pinned_host_memory_resource{};"));
        assert!(p.admits(b"x = cupy.cuda.alloc_pinned_memory(n)"));
        assert!(!p.admits(b"x = my_alloc_pinned_memory(n)"));
    }
}
