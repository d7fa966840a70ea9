//! What a Python value carries: the names it holds as they are (`both = (out, other)`),
//! and the buffers it is a view of (`np.frombuffer(raw)`, `from_address(ptr.value)`:
//! `view_functions` in `rules/context.toml`). Where a pinned buffer goes reads them.

use tree_sitter::Node;

use super::{Py, last_dotted};
use crate::frontend::builder::named_children;
use crate::frontend::fields::FieldChild;

impl<'t> Py<'t, '_> {
    /// The names `value` carries as they are (`carried_names`), or whose memory it views:
    /// `np.frombuffer(raw)`, `from_address(ptr.value)`, `t.view(..)` (`view_functions` in
    /// `rules/context.toml`) share their first argument's or receiver's memory.
    pub(super) fn carried<'n>(&self, value: Node<'n>) -> Vec<Node<'n>> {
        let mut out = carried_names(value, self.b.text);
        let mut at = value;
        for _ in 0..4 {
            if at.kind() != "call" {
                break;
            }
            let Some(function) = at.field_child("function") else {
                break;
            };
            let name = last_dotted(self.b.text_of(function));
            let views = &self.catalog.context.view_functions;
            // (`.view` views its receiver, `t.view(..)`; the others their first argument.)
            let on_receiver = views.iter().any(|v| v.strip_prefix('.') == Some(name));
            if !on_receiver && !views.iter().any(|v| v == name) {
                break;
            }
            let viewed = if on_receiver {
                (function.kind() == "attribute")
                    .then(|| function.field_child("object"))
                    .flatten()
            } else {
                argument_values(at).into_iter().next()
            };
            let Some(mut v) = viewed else {
                break;
            };
            // (`ptr.value`, `buf.ctypes.data`: the object's own memory.)
            while v.kind() == "attribute" {
                match v.field_child("object") {
                    Some(o) => v = o,
                    None => break,
                }
            }
            match v.kind() {
                "identifier" => {
                    out.push(v);
                    break;
                }
                _ => at = v,
            }
        }
        out
    }
}

/// The names a value carries as they are: `out`, `a, out`, `(a, out)`, `[a, out]`, and
/// the names an object is built from (`Session(slot, state_host=host)`).
pub(super) fn carried_names<'n>(value: Node<'n>, text: &str) -> Vec<Node<'n>> {
    match value.kind() {
        "identifier" => vec![value],
        "expression_list" | "tuple" | "list" | "parenthesized_expression" => named_children(value)
            .into_iter()
            .filter(|i| i.kind() == "identifier")
            .collect(),
        // `Session(slot, state_host=host)`: an object holds what it is built from.
        "call" => {
            let class = value
                .field_child("function")
                .filter(|f| matches!(f.kind(), "identifier" | "attribute"))
                .and_then(|f| text.get(f.byte_range()))
                .map(last_dotted);
            if !class.is_some_and(|c| class_like(&c)) {
                return Vec::new();
            }
            argument_values(value)
                .into_iter()
                .filter(|a| a.kind() == "identifier")
                .collect()
        }
        _ => Vec::new(),
    }
}

/// A call's argument values: its positional arguments and its keyword arguments' values.
pub(super) fn argument_values(call: Node) -> Vec<Node> {
    call.field_child("arguments")
        .map(named_children)
        .unwrap_or_default()
        .into_iter()
        .map(|a| match a.kind() {
            "keyword_argument" => a.field_child("value").unwrap_or(a),
            _ => a,
        })
        .collect()
}

/// A name that reads as a class (`CopyService`, not `x`, `T` or `MAX_N`).
pub(super) fn class_like(c: &&str) -> bool {
    c.starts_with(|ch: char| ch.is_ascii_uppercase())
        && c.chars().all(|ch| ch.is_ascii_alphanumeric() || ch == '_')
        && c.chars().any(|ch| ch.is_ascii_lowercase())
}
