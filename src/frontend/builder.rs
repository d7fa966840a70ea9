//! Bookkeeping shared by the tree-sitter front ends: scopes, loops, constants.

use std::collections::HashSet;

use tree_sitter::Node;

use crate::model::{
    CallSite, Event, Expr, FileModel, FuncId, Function, FunctionKind, Loop, LoopId, LoopKind,
    Receiver, Span, Trips,
};

/// Where a node sits: its function, innermost loop and class.
#[derive(Clone, Copy, Debug)]
pub struct Scope<'t> {
    pub function: FuncId,
    pub innermost_loop: Option<LoopId>,
    pub class: Option<&'t str>,
}

pub struct Builder<'t> {
    pub text: &'t str,
    pub model: FileModel,
    /// Names bound to different values in different places are not constants.
    conflicting: HashSet<String>,
    pub too_deep: bool,
}

pub fn span(node: Node) -> Span {
    Span {
        start: node.start_byte(),
        end: node.end_byte(),
    }
}

impl<'t> Builder<'t> {
    pub fn new(text: &'t str) -> Builder<'t> {
        let mut model = FileModel::default();
        model.functions.push(Function {
            name: "<module>".into(),
            kind: FunctionKind::TopLevel,
            class: None,
            span: Span {
                start: 0,
                end: text.len(),
            },
            name_span: Span::default(),
            parent: None,
            is_generator: false,
            passed_as: None,
        });
        Builder {
            text,
            model,
            conflicting: HashSet::new(),
            too_deep: false,
        }
    }

    pub fn root_scope(&self) -> Scope<'t> {
        Scope {
            function: 0,
            innermost_loop: None,
            class: None,
        }
    }

    pub fn text_of(&self, node: Node) -> &'t str {
        self.text.get(node.byte_range()).unwrap_or("")
    }

    pub fn enter_function(
        &mut self,
        scope: Scope<'t>,
        name: String,
        kind: FunctionKind,
        class: Option<String>,
        node: Node,
        name_node: Option<Node>,
    ) -> Scope<'t> {
        let id = self.model.functions.len();
        self.model.functions.push(Function {
            name,
            kind,
            class,
            span: span(node),
            name_span: name_node.map_or(
                Span {
                    start: node.start_byte(),
                    end: node.start_byte(),
                },
                span,
            ),
            parent: Some(scope.function),
            is_generator: false,
            passed_as: None,
        });
        Scope {
            function: id,
            innermost_loop: None,
            class: scope.class,
        }
    }

    pub fn enter_loop(
        &mut self,
        scope: Scope<'t>,
        kind: LoopKind,
        node: Node,
        header: Span,
        trips: Trips,
    ) -> Scope<'t> {
        let id = self.model.loops.len();
        // `for (..) {`: the label stops at the closing parenthesis, not the space after it.
        let trimmed = self
            .text
            .get(header.start..header.end)
            .map_or(0, |h| h.len() - h.trim_end().len());
        let header = Span {
            end: header.end - trimmed,
            ..header
        };
        self.model.loops.push(Loop {
            kind,
            span: span(node),
            header,
            trips,
            function: scope.function,
            parent: scope.innermost_loop,
        });
        Scope {
            innermost_loop: Some(id),
            ..scope
        }
    }

    pub fn add_event(&mut self, event: Event) {
        self.model.events.push(event);
    }

    pub fn add_call(&mut self, scope: Scope<'t>, callee: &str, receiver: Receiver, node: Node) {
        self.model.calls.push(CallSite {
            callee: callee.to_string(),
            receiver,
            span: span(node),
            function: scope.function,
            innermost_loop: scope.innermost_loop,
        });
    }

    /// Record `name = value`; a second, different binding makes the name unknown.
    pub fn add_constant(&mut self, name: &str, value: Expr) {
        if self.conflicting.contains(name) {
            return;
        }
        match self.model.constants.get(name) {
            Some(old) if *old != value => {
                self.model.constants.remove(name);
                self.conflicting.insert(name.to_string());
            }
            _ => {
                self.model.constants.insert(name.to_string(), value);
            }
        }
    }

    /// A name that is assigned somewhere it cannot be folded is not a constant.
    pub fn poison_constant(&mut self, name: &str) {
        self.model.constants.remove(name);
        self.conflicting.insert(name.to_string());
    }

    pub fn finish(mut self) -> FileModel {
        if self.too_deep {
            self.model.notes.push(format!(
                "nesting too deep (over {} levels), file partly checked",
                super::MAX_DEPTH
            ));
        }
        self.model
    }
}

/// Every `Name` an expression refers to.
pub fn names_in(expr: &Expr, out: &mut Vec<String>) {
    let mut stack = vec![expr];
    while let Some(e) = stack.pop() {
        match e {
            Expr::Name(n) => out.push(n.clone()),
            Expr::Neg(inner) => stack.push(inner),
            Expr::Binary(_, l, r) => {
                stack.push(l);
                stack.push(r);
            }
            _ => {}
        }
    }
}

/// Named children of a node, skipping comments.
pub fn named_children<'a>(node: Node<'a>) -> Vec<Node<'a>> {
    let mut cursor = node.walk();
    node.named_children(&mut cursor)
        .filter(|c| c.kind() != "comment")
        .collect()
}
