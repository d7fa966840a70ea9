//! The persistent cache (`.ghosttax_cache/`, on by default, as ruff's): a run reads what an
//! earlier run with the same build, catalog and settings computed, and never anything
//! else.
//!
//! Two memos, one file each in the cache folder (`store`):
//!
//! - the parse memo (`parse_memo`), by the catalog: each parse of a file, by its content,
//!   identifiers and the items parsed before, with the questions it asked of the other
//!   files' chain names; used only when they get the same answers. Everything built from
//!   the parsed models (the per-file rules, links, frequency, ownership, every whole-run
//!   rule) is computed again on every run that is not a whole-run hit.
//! - the run memo (`run_memo`), by every setting that changes a run: the outcome of the last
//!   run, used when every file, the walk's errors and the headers read are as they were.
//!
//! A folder that cannot be written (a read-only tree) means a run without the cache; a
//! file that cannot be read as one whole of this build reads as nothing, and is written
//! again.

mod parse_memo;
mod run_memo;
mod store;

use std::sync::Mutex;
use std::sync::atomic::Ordering;

use sha2::{Digest, Sha256};

use parse_memo::ParseMemo;
use store::{Folder, Key, Unusable, hex};

use super::state::{Built, Call, FileRecord, Memo, Options, Outcome, Probe};
pub use super::state::{CacheConfig, CacheReport};
use crate::catalog::Catalog;
use crate::frontend::Parsers;

/// The cache folder's name at a project's root.
pub const DEFAULT_DIR: &str = ".ghosttax_cache";

/// What identifies this build of ghosttax (version and a digest of its sources, set by
/// build.rs): a cache file written by any other build is never read.
const BUILD: &str = env!("GHOSTTAX_BUILD_ID");

/// The cache of one run.
pub(super) struct RunCache {
    folder: Folder,
    whole_run: bool,
    catalog_key: Key,
    settings_key: Key,
    parse: ParseMemo,
    /// What this run read (for the run memo).
    files: Mutex<Vec<FileRecord>>,
    walk_errors: Mutex<Vec<(String, bool)>>,
    probes: Mutex<Vec<Probe>>,
    lines: Vec<String>,
}

impl RunCache {
    /// Open the cache `config` names for a run with `opts`; `None` (and why, for
    /// `--verbose`) when its folder cannot be written.
    pub(super) fn open(
        config: &CacheConfig,
        opts: &Options,
        catalog: &Catalog,
    ) -> Result<RunCache, String> {
        let folder = Folder::open(&config.dir);
        if let Err(why) = &folder.writable {
            return Err(format!(
                "cache: {} cannot be written ({why}): checked without the cache",
                config.dir.display()
            ));
        }
        let catalog_key = catalog_key(catalog);
        Ok(RunCache {
            settings_key: settings_key(opts, &catalog_key),
            catalog_key,
            folder,
            whole_run: config.whole_run && opts.trace.is_none(),
            parse: ParseMemo::empty(),
            files: Mutex::new(Vec::new()),
            walk_errors: Mutex::new(Vec::new()),
            probes: Mutex::new(Vec::new()),
            lines: Vec::new(),
        })
    }

    fn parse_file_name(&self) -> String {
        format!("parse-{}.bin", hex(&self.catalog_key, 8))
    }

    fn run_file_name(&self) -> String {
        format!("run-{}.bin", hex(&self.settings_key, 8))
    }

    /// The stored outcome, when nothing it was computed from changed.
    pub(super) fn replay(&mut self, opts: &Options) -> Option<Outcome> {
        if !self.whole_run {
            return None;
        }
        let read = run_memo::survey(opts);
        let body = match self.folder.read(&self.run_file_name(), BUILD, &read) {
            Ok(body) => body,
            Err(why) => {
                self.note_unusable("run", &why);
                return None;
            }
        };
        let Ok((key, memo)) = postcard::from_bytes::<(Key, run_memo::Memo)>(&body) else {
            self.note_unusable("run", &Unusable::Corrupt);
            return None;
        };
        if key != self.settings_key {
            return None;
        }
        let outcome = run_memo::replay(memo, opts)?;
        self.lines.push(format!(
            "cache: nothing changed since the last run: its findings, from {}",
            self.folder.dir.display()
        ));
        Some(outcome)
    }

    /// Read the parse memo, for a run through the stages.
    pub(super) fn load_parse_memo(&mut self) {
        match self
            .folder
            .read(&self.parse_file_name(), BUILD, &self.catalog_key)
        {
            Ok(body) => match ParseMemo::decode(body) {
                Some(memo) => self.parse = memo,
                None => self.note_unusable("parse", &Unusable::Corrupt),
            },
            Err(why) => self.note_unusable("parse", &why),
        }
    }

    fn note_unusable(&mut self, which: &str, why: &Unusable) {
        let why = match why {
            Unusable::Missing | Unusable::OtherKey => return,
            Unusable::OtherBuild => "written by another build of ghosttax",
            Unusable::Corrupt => "damaged or truncated",
        };
        self.lines.push(format!(
            "cache: the {which} memo in {} was {why}: not used, written again",
            self.folder.dir.display()
        ));
    }

    /// What the cache did in a run it answered whole, for `--verbose`.
    pub(super) fn finish_replayed(self) -> Vec<String> {
        self.lines
    }

    /// Write what this run added; what the cache did, for `--verbose`.
    pub(super) fn finish(mut self, outcome: &Outcome, opts: &Options) -> Vec<String> {
        let (hits, misses) = (
            self.parse.hits.load(Ordering::Relaxed),
            self.parse.misses.load(Ordering::Relaxed),
        );
        self.lines.push(format!(
            "cache: {hits} of {} parses from {}, {misses} parsed",
            hits + misses,
            self.folder.dir.display()
        ));
        let mut failed = None;
        if self.parse.changed()
            && let Some(body) = self.parse.encode()
            && let Err(e) =
                self.folder
                    .write(&self.parse_file_name(), BUILD, &self.catalog_key, &body)
        {
            failed = Some(e);
        }
        if self.whole_run {
            let mut files = std::mem::take(self.files.get_mut().unwrap_or_else(|e| e.into_inner()));
            let mut errors = std::mem::take(
                self.walk_errors
                    .get_mut()
                    .unwrap_or_else(|e| e.into_inner()),
            );
            let mut probes =
                std::mem::take(self.probes.get_mut().unwrap_or_else(|e| e.into_inner()));
            probes.sort();
            probes.dedup();
            let read = run_memo::digest(&mut files, &mut errors);
            if let Some(memo) = run_memo::memo_of(outcome, opts, &files, probes)
                && let Ok(body) = postcard::to_stdvec(&(self.settings_key, memo))
                && let Err(e) = self
                    .folder
                    .write(&self.run_file_name(), BUILD, &read, &body)
            {
                failed = Some(e);
            }
        }
        if let Some(e) = failed {
            self.lines.push(format!(
                "cache: cannot write to {} ({e}): not updated",
                self.folder.dir.display()
            ));
        }
        self.lines
    }
}

impl Memo for RunCache {
    fn parse(
        &self,
        call: &Call,
        catalog: &Catalog,
        parsers: &mut Parsers,
    ) -> Result<Built, String> {
        parse_memo::build(&self.parse, call, catalog, parsers)
    }

    fn read(&self, record: FileRecord) {
        self.files
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(record);
    }

    fn walk_errors(&self, errors: &[crate::discover::PathError]) {
        self.walk_errors
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend(errors.iter().map(|e| (e.message.clone(), e.explicit)));
    }

    fn probed(&self, probe: Probe) {
        self.probes
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(probe);
    }
}

/// The catalog's digest (the built-in rule data with the configuration's additions).
fn catalog_key(catalog: &Catalog) -> Key {
    let text = format!(
        "{:?}\n{:?}\n{:?}\n{:?}",
        catalog.apis, catalog.entry_points, catalog.context, catalog.ownership
    );
    let mut h = Sha256::new();
    h.update(BUILD.as_bytes());
    h.update([0]);
    h.update(text.as_bytes());
    h.finalize().into()
}

/// The digest of every option that changes what a run finds.
fn settings_key(opts: &Options, catalog: &Key) -> Key {
    let mut selected: Vec<&str> = opts.selected.iter().copied().collect();
    selected.sort_unstable();
    let mut severities: Vec<(&str, &str)> = opts
        .severities
        .iter()
        .map(|(c, s)| (*c, s.name()))
        .collect();
    severities.sort_unstable();
    let ignores: Vec<(&str, &[&str])> = opts
        .per_file_ignores
        .iter()
        .map(|(m, codes)| (m.glob().glob(), codes.as_slice()))
        .collect();
    let settings = crate::analysis::view::Settings {
        assume: std::sync::Arc::default(),
        ..opts.settings.clone()
    };
    let assumed: Vec<(&str, i128)> = opts.settings.assume.values().collect();
    let text = format!(
        "{settings:?}\n{assumed:?}\n{selected:?}\n{severities:?}\n{ignores:?}\n{}\n{}\n{}\n{:?}",
        opts.max_file_size, opts.keep_source, opts.whole_files, opts.paths
    );
    let mut h = Sha256::new();
    h.update(catalog);
    h.update(text.as_bytes());
    // Test builds can force a panic in a file (`engine::parse`): a run that did is not
    // another's answer.
    #[cfg(debug_assertions)]
    h.update(
        std::env::var_os("GHOSTTAX_TEST_PANIC_ON")
            .unwrap_or_default()
            .as_encoded_bytes(),
    );
    h.finalize().into()
}
