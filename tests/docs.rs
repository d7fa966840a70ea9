//! The documentation: README.md stays a front page, and the manual in docs/ (an mdBook) has a
//! page for every rule that is the rule's own documentation, included from `src/rules/*.md`
//! (what `ghosttax explain CODE` prints), never a second copy. `.ci/run` builds the book and
//! checks its links.

use std::path::{Path, PathBuf};

mod common;
use common::*;

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every rule's code, from `ghosttax rules --format json`.
fn rule_codes() -> Vec<String> {
    let o = ghosttax(repo(), &["rules", "--format", "json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let rules: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("rules JSON");
    let codes: Vec<String> = rules
        .as_array()
        .expect("an array of rules")
        .iter()
        .map(|r| r["code"].as_str().expect("code").to_string())
        .collect();
    assert!(codes.len() >= 15, "{codes:?}");
    codes
}

/// The file a rule page includes: its only content besides an HTML comment is
/// `{{#include PATH}}`, PATH relative to the page.
fn included_file(page: &Path) -> PathBuf {
    let text = read(page);
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with("<!--"))
        .collect();
    assert_eq!(
        lines.len(),
        1,
        "{}: a rule page holds only the include of the rule's docs, found {lines:?}",
        page.display()
    );
    let path = lines[0]
        .trim()
        .strip_prefix("{{#include ")
        .and_then(|rest| rest.strip_suffix("}}"))
        .unwrap_or_else(|| panic!("{}: not an include: {}", page.display(), lines[0]));
    page.parent().expect("folder").join(path.trim())
}

#[test]
fn every_rule_has_a_book_page_that_includes_what_explain_prints() {
    let summary = read(&repo().join("docs/src/SUMMARY.md"));
    for code in rule_codes() {
        let page = repo().join(format!("docs/src/rules/{code}.md"));
        assert!(page.is_file(), "no page for {code}: {}", page.display());
        assert!(
            summary.contains(&format!("](rules/{code}.md)")),
            "docs/src/SUMMARY.md does not list rules/{code}.md"
        );
        let included = included_file(&page);
        let canonical = included
            .canonicalize()
            .unwrap_or_else(|e| panic!("{code}: {}: {e}", included.display()));
        assert!(
            canonical.starts_with(repo().join("src/rules").canonicalize().expect("src/rules")),
            "{code}: the page includes {}, not a rule's docs in src/rules/",
            canonical.display()
        );
        let o = ghosttax(repo(), &["explain", &code]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert_eq!(
            stdout(&o).trim_end(),
            read(&canonical).trim_end(),
            "{code}: the page's include is not what `ghosttax explain {code}` prints"
        );
    }
}

#[test]
fn every_rule_page_is_a_rule() {
    let codes = rule_codes();
    for entry in std::fs::read_dir(repo().join("docs/src/rules")).expect("docs/src/rules") {
        let name = entry
            .expect("entry")
            .file_name()
            .to_string_lossy()
            .into_owned();
        if let Some(code) = name.strip_prefix("GT").and_then(|n| n.strip_suffix(".md")) {
            assert!(
                codes.contains(&format!("GT{code}")),
                "docs/src/rules/{name} is no rule's page"
            );
        }
    }
}

#[test]
fn the_readme_is_a_front_page() {
    let size = std::fs::metadata(repo().join("README.md"))
        .expect("README.md")
        .len();
    assert!(
        size <= 16 * 1024,
        "README.md is {size} bytes: keep it a front page of at most 16 KiB, and move detail into docs/"
    );
}
