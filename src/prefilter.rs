//! A literal scan for catalog names: a file that mentions none is never parsed.

use aho_corasick::AhoCorasick;

use crate::catalog::Catalog;

/// Leftmost-longest: at a position, `cuMemAllocHost_v2` wins over its prefix
/// `cuMemAllocHost`, so the identifier-boundary check sees the whole name. (If the longest
/// name at a position fails the check, every shorter one there fails too.) A DFA scans
/// several times faster than the default NFA for the few dozen needles here.
fn build<S: AsRef<[u8]>>(needles: &[S]) -> Option<AhoCorasick> {
    AhoCorasick::builder()
        .match_kind(aho_corasick::MatchKind::LeftmostLongest)
        .kind(Some(aho_corasick::AhoCorasickKind::DFA))
        .build(needles)
        .ok()
}

pub struct Prefilter {
    matcher: Option<AhoCorasick>,
}

impl Prefilter {
    pub fn new(catalog: &Catalog) -> Prefilter {
        let needles = catalog.needles();
        // Building from plain literals cannot fail short of absurd sizes; if it does,
        // every file is parsed, which is slower but still correct.
        Prefilter {
            matcher: build(&needles),
        }
    }

    /// A prefilter for plain names (functions a call chain passes through).
    pub fn from_names(names: &[String]) -> Prefilter {
        let names = names.iter().filter(|n| !n.is_empty());
        let names: Vec<&String> = names.collect();
        Prefilter {
            matcher: build(&names),
        }
    }

    /// Could this text contain a call of one of the names? Only whole identifiers count:
    /// `__gt` does not admit a file that only mentions `__gthread`.
    pub fn admits(&self, bytes: &[u8]) -> bool {
        let Some(m) = &self.matcher else {
            return true;
        };
        let ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
        // Leftmost-first search keeps the automaton's fast literal scan; a hit inside a
        // longer identifier restarts the search one byte later.
        let mut at = 0;
        while let Some(hit) = m.find(aho_corasick::Input::new(bytes).span(at..bytes.len())) {
            let before = hit.start().checked_sub(1).map(|i| bytes[i]);
            let after = bytes.get(hit.end()).copied();
            if !before.is_some_and(ident) && !after.is_some_and(ident) {
                return true;
            }
            at = hit.start() + 1;
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
        let names = Prefilter::from_names(&["__gt".to_string(), "gt".to_string()]);
        assert!(!names.admits(b"__gthread_once(); x->gts;"));
        assert!(names.admits(b"__gthread_once(); __gt();"));
        // A name whose prefix is also a needle.
        assert!(p.admits(b"sys::cuMemAllocHost_v2(&mut p, n)"));
        let chain = Prefilter::from_names(&["stage".to_string(), "stage_batch".to_string()]);
        assert!(chain.admits(b"x = stage_batch(b)"));
        assert!(!chain.admits(b"x = stage_batches(b)"));
    }
}
