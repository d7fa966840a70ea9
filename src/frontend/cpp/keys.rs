//! C++ allocate-once guards. A pin stored into a map under a key, on a miss of the same map
//! (`auto it = cache_.find(k); if (it == cache_.end()) { cudaMallocHost(&p, n);
//! cache_.emplace(k, p); }`, or after `if (it != cache_.end()) return it->second;`), runs
//! once per key. What the key is made of goes to `Event::key_names`: a key new on every call
//! (a counter, a request id) makes the cache miss every time. A pin under `if (!ready_)`
//! whose branch sets `ready_ = true` runs once until something sets the flag back
//! (`Event::guard_flag`, `FileModel::resets`).

use tree_sitter::Node;

use super::Cpp;
use super::calls::{compact_code, earlier_ifs, returns};
use crate::frontend::builder::{Scope, named_children};
use crate::frontend::fields::FieldChild;
use crate::frontend::keys::{assigned_value, dotted_names};

/// Map calls that store a value under a key: `emplace(k, v)`, `insert({k, v})`.
const STORES_UNDER_KEY: &[&str] = &["emplace", "try_emplace", "insert_or_assign", "insert"];

impl<'t> Cpp<'t, '_> {
    /// The names of the key that `dest`, pinned by `call`, is stored under in a map that a
    /// guard around the call (or an earlier `if` that returns) finds missing; `None` when
    /// the pin is not such a cache fill.
    pub(super) fn cache_key(
        &self,
        call: Node,
        scope: Scope<'t>,
        dest: &str,
    ) -> Option<Vec<String>> {
        let text = self.b.text;
        let function = std::iter::successors(call.parent(), |p| p.parent())
            .find(|p| p.kind() == "function_definition")?;
        let after = compact_code(text.get(call.end_byte()..function.end_byte())?);
        let dest = compact_code(dest).replace("->", ".");
        let dest = dest.trim_start_matches('&').trim_start_matches("this.");
        let (map, key) = stored_under_key(&after.replace("->", "."), dest)?;
        let map = map.trim_start_matches("this.");
        let missing = self.b.guards_absence(scope, map)
            || earlier_ifs(call, function).any(|(_, cond, body)| {
                let cond =
                    compact_code(text.get(cond.byte_range()).unwrap_or("")).replace("->", ".");
                returns(body) && finds_present(&cond, map)
            });
        if !missing {
            return None;
        }
        // `auto key = std::make_pair(dev, frame);`: one level back, the key's own names.
        let before = text.get(function.start_byte()..call.start_byte())?;
        let value = assigned_value(before, &key);
        let mut names: Vec<String> = dotted_names(value.unwrap_or(&key))
            .map(|n| n.trim_start_matches("this.").to_string())
            .collect();
        names.sort();
        names.dedup();
        Some(names)
    }

    /// The flag a guard around `call` tests unset (`!ready_`, `ready_ == false`) when the
    /// guarded branch sets it (`ready_ = true;`): the pin runs once until it is set back.
    pub(super) fn flag_guard(&self, call: Node, scope: Scope<'t>) -> Option<String> {
        let guard = scope.guard.filter(|_| !scope.negated)?;
        let text = self.b.text;
        let cond = compact_code(text.get(guard.start..guard.end)?).replace("this->", "");
        let cond = cond.trim_start_matches('(').trim_end_matches(')');
        let flag = cond
            .strip_prefix('!')
            .or_else(|| cond.strip_suffix("==false"))
            .or_else(|| cond.strip_prefix("false=="))?;
        if flag.is_empty() || !flag.chars().all(|c| c.is_alphanumeric() || c == '_') {
            return None;
        }
        let branch = std::iter::successors(call.parent(), |p| p.parent())
            .find(|p| {
                p.kind() == "if_statement"
                    && p.field_child("condition")
                        .is_some_and(|c| c.start_byte() <= guard.start && guard.end <= c.end_byte())
            })?
            .field_child("consequence")?;
        let body = compact_code(text.get(branch.byte_range())?).replace("this->", "");
        body.contains(&format!("{flag}=true;"))
            .then(|| flag.to_string())
    }

    /// `ready_ = false;`: a flag set back (`FileModel::resets`), which re-arms the guard of
    /// a pin that tests it (`Event::guard_flag`).
    pub(super) fn flag_reset(&mut self, node: Node, scope: Scope<'t>) {
        let (Some(left), Some(right)) = (node.field_child("left"), node.field_child("right"))
        else {
            return;
        };
        if self.b.text_of(right) != "false" {
            return;
        }
        let name = compact_code(self.b.text_of(left)).replace("this->", "");
        if !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_') {
            let at = node.start_byte();
            self.b.model.resets.push((scope.function, name, at));
        }
    }

    /// Give the call just added its arguments that are counters of the file
    /// (`CallSite::counter_args`): `stage.for_frame(frame_no_, n)` with `++frame_no_;`.
    pub(super) fn counter_args(&mut self, list: Option<Node>) {
        if self.b.model.counters.is_empty() {
            return;
        }
        let texts: Vec<(Option<String>, usize, String)> = list
            .map(named_children)
            .unwrap_or_default()
            .into_iter()
            .enumerate()
            .map(|(i, a)| {
                let t = compact_code(self.b.text_of(a)).replace("->", ".");
                (None, i, t.trim_start_matches("this.").to_string())
            })
            .collect();
        self.b.set_last_counter_args(texts);
    }
}

/// Does `cond` (compact) say `map` holds the key: `it != map.end()`, `map.count(k)`,
/// `map.contains(k)`?
fn finds_present(cond: &str, map: &str) -> bool {
    let name = map.rsplit('.').next().unwrap_or(map);
    if cond.contains(&format!("{name}.end()")) && cond.contains("!=") {
        return true;
    }
    !cond.starts_with('!')
        && !cond.contains("==0")
        && (cond.contains(&format!("{name}.count(")) || cond.contains(&format!("{name}.contains(")))
}

/// In `code` (compact, `->` written `.`), the first store of `dest` into a map under a key:
/// `m.emplace(k,dest)`, `m.insert({k,dest})`, `m[k]=dest;` (the value may wrap `dest`:
/// `Entry{dest,n}`, `std::move(dest)`). (The map, the key.)
fn stored_under_key(code: &str, dest: &str) -> Option<(String, String)> {
    let is_name = |c: char| c.is_alphanumeric() || c == '_' || c == '.';
    let mentions = |v: &str| {
        v.match_indices(dest).any(|(i, _)| {
            !v[..i].ends_with(is_name)
                && !v[i + dest.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_')
        })
    };
    let map_before = |at: usize| {
        let head = &code[..at];
        let start = head.rfind(|c: char| !is_name(c)).map_or(0, |i| i + 1);
        let m = &head[start..];
        (!m.is_empty()).then(|| m.to_string())
    };
    let mut found: Vec<(usize, String, String)> = Vec::new();
    for method in STORES_UNDER_KEY {
        for (at, m) in code.match_indices(&format!(".{method}(")) {
            let args = balanced(&code[at + m.len()..], ')');
            let args = args
                .strip_prefix('{')
                .and_then(|a| a.strip_suffix('}'))
                .or_else(|| {
                    args.strip_prefix("std::make_pair(")
                        .and_then(|a| a.strip_suffix(')'))
                })
                .unwrap_or(args);
            let Some((key, value)) = split_first_arg(args) else {
                continue;
            };
            if mentions(value)
                && let Some(map) = map_before(at)
            {
                found.push((at, map, key.to_string()));
            }
        }
    }
    for (at, _) in code.match_indices('[') {
        let key = balanced(&code[at + 1..], ']');
        let rest = &code[at + 1 + key.len()..];
        if let Some(value) = rest.strip_prefix("]=").filter(|r| !r.starts_with('='))
            && mentions(&value[..value.find(';').unwrap_or(value.len())])
            && let Some(map) = map_before(at)
        {
            found.push((at, map, key.to_string()));
        }
    }
    found
        .into_iter()
        .min_by_key(|(at, _, _)| *at)
        .map(|(_, m, k)| (m, k))
}

/// The text up to the `close` that balances an opening just before `code`.
fn balanced(code: &str, close: char) -> &str {
    let mut depth = 0i32;
    for (i, c) in code.char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' if depth == 0 && c == close => return &code[..i],
            ')' | ']' | '}' => depth -= 1,
            _ => {}
        }
    }
    code
}

/// `k,v` → (`k`, `v`), split at the first top-level comma.
fn split_first_arg(args: &str) -> Option<(&str, &str)> {
    let mut depth = 0i32;
    for (i, c) in args.char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            ',' if depth == 0 => return Some((&args[..i], &args[i + 1..])),
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_under_a_key_are_found_in_every_spelling() {
        let s = |c: &str| stored_under_key(c, "p");
        assert_eq!(
            s("cache_.emplace(w,p);returnp;"),
            Some(("cache_".into(), "w".into()))
        );
        assert_eq!(
            s("m.insert({std::make_pair(a,b),p});"),
            Some(("m".into(), "std::make_pair(a,b)".into()))
        );
        assert_eq!(
            s("this.by_frame_[frame_id]=Entry{p,n};"),
            Some(("this.by_frame_".into(), "frame_id".into()))
        );
        assert_eq!(s("pool_.push_back(p);"), None);
        assert_eq!(s("m[k]=q;use(p);"), None);
    }

    #[test]
    fn presence_tests_of_a_map() {
        assert!(finds_present("it!=by_frame_.end()", "by_frame_"));
        assert!(finds_present("by_frame_.count(f)", "this.by_frame_"));
        assert!(!finds_present("by_frame_.count(f)==0", "by_frame_"));
        assert!(!finds_present("it==by_frame_.end()", "by_frame_"));
    }
}
