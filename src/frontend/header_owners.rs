//! Owner types a C++ file sees through the headers it includes: `using HostBytes =
//! std::unique_ptr<uint8_t[], HostDeleter>;` in `include/pin/owners.hpp` makes `HostBytes
//! bytes(raw);` in the including file an owner of `raw`. The front end records such
//! declarations as candidates (`FileModel::owner_candidates`); the engine settles them here
//! against the included headers' text, read lexically.

use crate::catalog::{ApiKind, Catalog};
use crate::frontend::library::says;
use crate::model::{EscapeKind, FileModel};

/// Owner types a header defines by alias: `using HostBytes = std::unique_ptr<uint8_t[],
/// HipHostDeleter>;`, `template <class T> using pinned_unique = std::unique_ptr<T[], D>;`,
/// `typedef std::shared_ptr<void> Pinned;`, found lexically. Each alias says whether it
/// releases pinned memory: its spelling names a release API, or the header does (the
/// deleter it names is defined there).
fn header_aliases<'h>(header: &'h str, catalog: &Catalog) -> Vec<(&'h str, bool)> {
    let releases_here = names_release_api(header, catalog);
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut out = Vec::new();
    let mut push = |name: &'h str, ty: &str| {
        if !name.is_empty() && name.chars().all(ident) && catalog.ownership.is_owner_type(ty) {
            out.push((name, releases_here || names_release_api(ty, catalog)));
        }
    };
    for (at, _) in header.match_indices("using ") {
        if header[..at].chars().next_back().is_some_and(ident) {
            continue;
        }
        let rest = &header[at + "using ".len()..];
        let Some(end) = rest.find(';') else { continue };
        if let Some((name, ty)) = rest[..end].split_once('=') {
            push(name.trim(), ty);
        }
    }
    for (at, _) in header.match_indices("typedef ") {
        if header[..at].chars().next_back().is_some_and(ident) {
            continue;
        }
        let rest = &header[at + "typedef ".len()..];
        let Some(end) = rest.find(';') else { continue };
        let stmt = rest[..end].trim_end();
        let start = stmt.trim_end_matches(ident).len();
        push(&stmt[start..], &stmt[..start]);
    }
    out
}

/// Does `text` name a release API of the catalog (`cudaFreeHost`, `hipHostUnregister`)?
fn names_release_api(text: &str, catalog: &Catalog) -> bool {
    catalog
        .apis
        .iter()
        .filter(|a| matches!(a.kind, ApiKind::Free | ApiKind::Unregister))
        .any(|a| says(text, &a.name))
}

/// Settle `model`'s owner candidates (`HostBytes bytes(raw);`) against the owner aliases of
/// the headers the file includes: a buffer handed to an alias of an owning type is owned
/// there (guarded, when the alias or its header names a release API).
pub fn owners_from_headers(model: &mut FileModel, headers: &[String], catalog: &Catalog) {
    let candidates = std::mem::take(&mut model.owner_candidates);
    if candidates.is_empty() {
        return;
    }
    let aliases: Vec<(&str, bool)> = headers
        .iter()
        .flat_map(|h| header_aliases(h, catalog))
        .collect();
    for mut c in candidates {
        let Some(&(_, releases)) = aliases
            .iter()
            .find(|(name, _)| c.target.as_deref() == Some(*name))
        else {
            continue;
        };
        c.kind = if releases {
            EscapeKind::Guarded
        } else {
            EscapeKind::Owner
        };
        c.target = None;
        model.escapes.push(c);
    }
}

/// Is an owner candidate of `model` a buffer the file pins (so the headers are worth
/// reading)?
pub fn has_pinned_owner_candidate(model: &FileModel) -> bool {
    model.owner_candidates.iter().any(|c| {
        model.events.iter().any(|e| {
            e.kind.pins()
                && e.function == c.function
                && e.pointer
                    .as_deref()
                    .is_some_and(|p| p == c.name || crate::model::root_name(p) == c.name)
        })
    })
}
