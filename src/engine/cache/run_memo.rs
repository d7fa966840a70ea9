//! The run memo: a whole run's outcome, kept with the digest of everything it was computed
//! from. Nothing of a run depends on anything but its settings (the file's name holds
//! them), the files it checked (each one's path, name, language, depth and content, or why
//! it could not be read), the walk's errors, and the headers a C-family file's macros were
//! read from (`Probe`). A later run with the same settings first reads and hashes every
//! file (`survey`, as the real run would read them): when the digest is the same and every
//! header is as it was, the stored outcome is the outcome, and nothing is parsed or
//! analysed. Anything else is a miss: the run goes through the stages (with the parse memo)
//! and stores its outcome under the digest of what it read itself.

use std::path::Path;
use std::sync::mpsc;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::store::{Key, sha256};
use crate::discover::{self, Candidate, PathError, decode};
use crate::engine::parse::{read_checked, tag_of};
use crate::engine::state::{FileRecord, Options, Outcome, Probe, Tag};
use crate::finding::Finding;
use crate::model::Language;

/// The digest of what a run read: its files and the walk's errors, in a stable order.
pub(super) fn digest(files: &mut [FileRecord], walk_errors: &mut [(String, bool)]) -> Key {
    files.sort_unstable();
    walk_errors.sort_unstable();
    let mut h = Sha256::new();
    let field = |h: &mut Sha256, bytes: &[u8]| {
        h.update((bytes.len() as u64).to_le_bytes());
        h.update(bytes);
    };
    for f in files.iter() {
        field(&mut h, f.display.as_bytes());
        field(&mut h, f.path.as_os_str().as_encoded_bytes());
        field(&mut h, f.language.name().as_bytes());
        field(&mut h, &(f.depth as u64).to_le_bytes());
        match &f.tag {
            Tag::Read(k) => {
                field(&mut h, b"read");
                field(&mut h, k);
            }
            Tag::Skipped(why) => {
                field(&mut h, b"skipped");
                field(&mut h, why.as_bytes());
            }
            Tag::Failed(why) => {
                field(&mut h, b"failed");
                field(&mut h, why.as_bytes());
            }
        }
    }
    field(&mut h, b"walk errors");
    for (message, explicit) in walk_errors.iter() {
        field(&mut h, message.as_bytes());
        field(&mut h, &[u8::from(*explicit)]);
    }
    h.finalize().into()
}

/// Walk and read every file as the run would, and digest what was read.
pub(super) fn survey(opts: &Options) -> Key {
    let (err_tx, err_rx) = mpsc::channel::<PathError>();
    let records = std::sync::Mutex::new(Vec::new());
    let exclude = discover::Exclude {
        globs: opts.exclude.as_ref(),
        force: opts.force_exclude,
    };
    let visitor = || {
        let mut buf = Vec::new();
        let records = &records;
        Box::new(move |c: Candidate| {
            let read = read_checked(&c, opts, &mut buf);
            let tag = tag_of(&read, &buf);
            let record = FileRecord {
                display: c.display,
                path: c.path,
                language: c.language,
                depth: c.depth,
                tag,
            };
            records
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(record);
            true
        }) as discover::Visitor<'_>
    };
    discover::walk(&opts.paths, opts.threads, exclude, &err_tx, &visitor);
    drop(err_tx);
    let mut errors: Vec<(String, bool)> = err_rx
        .into_iter()
        .map(|e| (e.message, e.explicit))
        .collect();
    let mut files = records.into_inner().unwrap_or_else(|e| e.into_inner());
    digest(&mut files, &mut errors)
}

/// Is the path `probe` looked at still as it found it?
fn holds(probe: &Probe, limit: u64) -> bool {
    let path = Path::new(&probe.path);
    let now = if path.is_file() {
        let c = candidate(path, Language::C);
        Some(
            discover::read_limited(&c, limit)
                .ok()
                .flatten()
                .map(|b| sha256(&b)),
        )
    } else {
        None
    };
    now == probe.found
}

fn candidate(path: &Path, language: Language) -> Candidate {
    Candidate {
        path: path.to_path_buf(),
        display: path.to_string_lossy().into_owned(),
        language,
        depth: 0,
    }
}

/// A run's outcome as stored.
#[derive(Serialize, Deserialize)]
pub(super) struct Memo {
    probes: Vec<Probe>,
    /// The assumptions the run used.
    assumed: Vec<String>,
    files_checked: usize,
    skipped: Vec<String>,
    notes: Vec<String>,
    errors: Vec<(String, bool)>,
    /// Each finding with its rule and context (`Finding` leaves them out).
    findings: Vec<(Finding, String, String)>,
    /// The texts the report shows: (name, path, language), read again.
    sources: Vec<(String, String, Language)>,
}

/// The run memo of `outcome`, or `None` when something in it cannot be stored faithfully.
pub(super) fn memo_of(
    outcome: &Outcome,
    opts: &Options,
    files: &[FileRecord],
    probes: Vec<Probe>,
) -> Option<Memo> {
    let mut sources = Vec::new();
    for display in outcome.sources.keys() {
        let f = files.iter().find(|f| f.display == *display)?;
        sources.push((display.clone(), f.path.to_str()?.to_string(), f.language));
    }
    sources.sort();
    let findings = outcome
        .findings
        .iter()
        .map(|f| {
            // Only what can be read back as the same `&'static str`.
            rule_named(f.rule)?;
            context_named(f.context)?;
            Some((f.clone(), f.rule.to_string(), f.context.to_string()))
        })
        .collect::<Option<Vec<_>>>()?;
    let mut assumed: Vec<String> = opts
        .settings
        .assume
        .values()
        .map(|(k, _)| k)
        .filter(|k| !opts.settings.assume.unused().contains(k))
        .map(str::to_string)
        .collect();
    assumed.sort();
    Some(Memo {
        probes,
        assumed,
        files_checked: outcome.files_checked,
        skipped: outcome.skipped.clone(),
        notes: outcome.notes.clone(),
        errors: outcome
            .errors
            .iter()
            .map(|e| (e.message.clone(), e.explicit))
            .collect(),
        findings,
        sources,
    })
}

fn rule_named(code: &str) -> Option<&'static str> {
    crate::rules::ALL
        .iter()
        .map(|r| r.code)
        .find(|c| *c == code)
}

fn context_named(name: &str) -> Option<&'static str> {
    use crate::analysis::context::*;
    [
        "",
        HOT_LOOP,
        PER_BATCH,
        CALL_IN_LOOP,
        SETUP,
        GUARDED_ONCE,
        ONCE,
        RETRY,
        TEST,
        VENDORED,
    ]
    .into_iter()
    .find(|c| *c == name)
}

/// The outcome `memo` stores, if every header it read is as it was.
pub(super) fn replay(memo: Memo, opts: &Options) -> Option<Outcome> {
    if !memo.probes.iter().all(|p| holds(p, opts.max_file_size)) {
        return None;
    }
    let findings = memo
        .findings
        .into_iter()
        .map(|(mut f, rule, context)| {
            f.rule = rule_named(&rule)?;
            f.context = context_named(&context)?;
            Some(f)
        })
        .collect::<Option<Vec<Finding>>>()?;
    for name in &memo.assumed {
        opts.settings.assume.mark_used(name);
    }
    let sources = memo
        .sources
        .into_iter()
        .map(|(display, path, language)| {
            let text =
                discover::read_limited(&candidate(Path::new(&path), language), opts.max_file_size)
                    .ok()
                    .flatten()
                    .map(decode)
                    .unwrap_or_default();
            (display, text)
        })
        .collect();
    Some(Outcome {
        findings,
        sources,
        files_checked: memo.files_checked,
        skipped: memo.skipped,
        notes: memo.notes,
        errors: memo
            .errors
            .into_iter()
            .map(|(message, explicit)| PathError { message, explicit })
            .collect(),
        vram: opts.settings.vram,
        vram_share: opts.settings.vram_share,
        ..Outcome::default()
    })
}
