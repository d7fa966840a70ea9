//! Methods looked up by name at run time: `getattr(self, f"_on_{kind}", default)` may
//! return any method whose name the string can spell.

use tree_sitter::Node;

use crate::frontend::fields::FieldChild;

use super::{Py, field_text, positional};
use crate::frontend::builder::named_children;
use crate::model::Receiver;

impl<'t> Py<'t, '_> {
    /// The methods `getattr(obj, name[, default])` may return, when `name` is a string
    /// (`"flush"`: that one) or begins as one (`f"_on_{kind}"`, `"_on_" + kind`: every
    /// function the file defines whose name begins so), and the default when it is one
    /// (`self._on_unknown`); each with `obj` as its receiver.
    pub(super) fn getattr_targets<'n>(
        &self,
        call: Node<'n>,
        function: usize,
    ) -> Vec<(&'t str, Receiver)> {
        let func = call.field_child("function");
        if call.kind() != "call" || func.is_none_or(|f| self.b.text_of(f) != "getattr") {
            return Vec::new();
        }
        let args = call
            .field_child("arguments")
            .map(named_children)
            .unwrap_or_default();
        let (obj, name, default) = match positional(&args)[..] {
            [o, n] => (o, n, None),
            [o, n, d] => (o, n, Some(d)),
            _ => return Vec::new(),
        };
        let receiver = match obj.kind() {
            "identifier" => match self.b.text_of(obj) {
                "self" | "cls" => Receiver::SelfRef,
                o => match self.instances.get(&(function, o)) {
                    Some(class) => Receiver::Name(class.to_string()),
                    None => Receiver::Name(o.to_string()),
                },
            },
            _ => return Vec::new(),
        };
        let literal = match name.kind() {
            "binary_operator" => name.field_child("left").filter(|l| l.kind() == "string"),
            "string" => Some(name),
            _ => None,
        };
        let mut out: Vec<(&'t str, Receiver)> = Vec::new();
        if let Some((prefix, whole)) = literal.and_then(|l| string_prefix(self.b.text_of(l))) {
            let complete = whole && name.kind() == "string";
            if complete {
                out.push((prefix, receiver.clone()));
            } else if prefix.len() >= 2 {
                let defined = crate::scan::idents::after_keyword(self.b.text.as_bytes(), b"def");
                out.extend(
                    defined
                        .into_iter()
                        .filter_map(|d| std::str::from_utf8(d).ok())
                        .filter(|d| d.starts_with(prefix))
                        .map(|d| (d, receiver.clone())),
                );
            }
        }
        if let Some(d) = default.filter(|d| d.kind() == "attribute") {
            out.push((field_text(&self.b, d, "attribute"), self.receiver(d)));
        }
        out.sort_unstable_by(|a, b| a.0.cmp(b.0));
        out.dedup_by(|a, b| a.0 == b.0);
        out
    }
}

/// A string literal's text up to its first interpolation (`f"_on_{k}"` → `_on_`), and
/// whether that is all of it.
fn string_prefix(literal: &str) -> Option<(&str, bool)> {
    let body = literal.trim_start_matches(|c: char| c.is_ascii_alphabetic());
    let quote = body.chars().next().filter(|q| matches!(q, '"' | '\''))?;
    let body = body.trim_start_matches(quote).trim_end_matches(quote);
    let end = body.find(['{', '\\']).unwrap_or(body.len());
    let prefix = &body[..end];
    let identifier = prefix
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_');
    (identifier && !prefix.is_empty()).then_some((prefix, end == body.len()))
}
