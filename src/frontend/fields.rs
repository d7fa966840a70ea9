//! A node's child by field name, with the grammar's field id looked up once per thread and
//! name: tree-sitter's own `child_by_field_name` compares the name with every field name of
//! the grammar on each call (about 3% of a sweep's time).

use std::cell::RefCell;
use std::num::NonZeroU16;

use rustc_hash::FxHashMap;
use tree_sitter::{Language, Node};

/// The grammar the cached ids belong to, and its ids by field name.
type Ids = (
    Option<Language>,
    FxHashMap<&'static str, Option<NonZeroU16>>,
);

thread_local! {
    static IDS: RefCell<Ids> = RefCell::new((None, FxHashMap::default()));
}

pub trait FieldChild<'n> {
    /// The child in field `name` (`child_by_field_name`, without the search).
    fn field_child(&self, name: &'static str) -> Option<Node<'n>>;
}

impl<'n> FieldChild<'n> for Node<'n> {
    fn field_child(&self, name: &'static str) -> Option<Node<'n>> {
        let language = self.language();
        let id = IDS.with(|ids| {
            let mut ids = ids.borrow_mut();
            if ids.0.as_ref() != Some(&*language) {
                // (A worker parses one language at a time: the table follows it.)
                *ids = (Some((*language).clone()), FxHashMap::default());
            }
            *ids.1
                .entry(name)
                .or_insert_with(|| language.field_id_for_name(name))
        })?;
        self.child_by_field_id(id.get())
    }
}

#[cfg(test)]
mod tests {
    use super::FieldChild;

    #[test]
    fn fields_match_tree_sitter_across_languages() {
        let mut py = tree_sitter::Parser::new();
        py.set_language(&tree_sitter_python::LANGUAGE.into())
            .unwrap();
        let mut cpp = tree_sitter::Parser::new();
        cpp.set_language(&tree_sitter_cpp::LANGUAGE.into()).unwrap();
        let p = py.parse("def f(x):\n    return x\n", None).unwrap();
        let c = cpp.parse("int f(int x) { return x; }", None).unwrap();
        for _ in 0..2 {
            let pf = p.root_node().child(0).unwrap();
            let cf = c.root_node().child(0).unwrap();
            for name in ["name", "body", "parameters", "declarator", "type"] {
                assert_eq!(pf.field_child(name), pf.child_by_field_name(name), "{name}");
                assert_eq!(cf.field_child(name), cf.child_by_field_name(name), "{name}");
            }
        }
    }
}
