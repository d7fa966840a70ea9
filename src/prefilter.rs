//! A literal scan for catalog names: a file that mentions none is never parsed.

use aho_corasick::AhoCorasick;

use crate::catalog::Catalog;

pub struct Prefilter {
    matcher: Option<AhoCorasick>,
}

impl Prefilter {
    pub fn new(catalog: &Catalog) -> Prefilter {
        let needles = catalog.needles();
        // Building from plain literals cannot fail short of absurd sizes; if it does,
        // every file is parsed, which is slower but still correct.
        Prefilter {
            matcher: AhoCorasick::new(&needles).ok(),
        }
    }

    /// A prefilter for plain names (functions a call chain passes through).
    pub fn from_names(names: &[String]) -> Prefilter {
        Prefilter {
            matcher: AhoCorasick::new(names).ok(),
        }
    }

    /// Could this text contain a catalog call?
    pub fn admits(&self, bytes: &[u8]) -> bool {
        self.matcher.as_ref().is_none_or(|m| m.is_match(bytes))
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
    }
}
