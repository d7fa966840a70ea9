//! Sizes and expressions: the size a pin or factory call names (folded or symbolic),
//! integer expressions and dtypes, literals, and the file's constants and defaults (module
//! constants, `self.x` constants, argparse defaults).

use tree_sitter::Node;

use crate::frontend::fields::FieldChild;

use super::{Py, compact, field_text, positional};
use crate::catalog::{ApiKind, MatchKind, SizeSpec};
use crate::frontend::builder::{Scope, named_children};
use crate::frontend::extent::MAX_DEPTH;
use crate::model::{BinOp, Expr};

impl<'t> Py<'t, '_> {
    pub(super) fn size<'n>(
        &self,
        spec: &SizeSpec,
        args: &[Node<'n>],
        positional: &[Node<'n>],
    ) -> Option<Expr> {
        match spec {
            SizeSpec::None | SizeSpec::Count { .. } => None,
            SizeSpec::Data { arg, dtype_kwarg } => {
                let data = positional.get(*arg)?;
                let (count, widest) = literal_numbers(*data, 0)?;
                // torch's inference: floats make float32, ints int64, bools bool.
                let inferred = match widest {
                    Literal::Bool => "bool",
                    Literal::Int => "int64",
                    Literal::Float => "float32",
                };
                let elem = match self.kwarg(args, dtype_kwarg) {
                    Some(d) => Expr::DtypeSize(self.dtype_name(d)),
                    None => Expr::DtypeSize(inferred.into()),
                };
                Some(Expr::Binary(
                    BinOp::Mul,
                    Box::new(Expr::Int(i128::from(count))),
                    Box::new(elem),
                ))
            }
            SizeSpec::Bytes { arg, kwarg } => {
                let node = kwarg
                    .as_deref()
                    .and_then(|k| self.kwarg(args, k))
                    .or_else(|| arg.and_then(|i| positional.get(i).copied()))?;
                Some(self.expr(node, 0))
            }
            SizeSpec::Shape {
                arg,
                kwarg,
                varargs,
                dtype_arg,
                dtype_kwarg,
                default_dtype,
            } => {
                let dims: Vec<Node> = match kwarg.as_deref().and_then(|k| self.kwarg(args, k)) {
                    Some(shape) => self.dims(shape),
                    None => {
                        let i = (*arg)?;
                        let first = positional.get(i)?;
                        // (`torch.empty(len(b), 1024)`: a call is a whole shape only
                        // when it is the one size argument, `torch.empty(x.size())`.)
                        let one_shape = match first.kind() {
                            "tuple" | "list" => true,
                            "call" => positional.len() == i + 1,
                            _ => false,
                        };
                        if *varargs && !one_shape {
                            positional[i..].to_vec()
                        } else {
                            self.dims(*first)
                        }
                    }
                };
                let dtype = self
                    .kwarg(args, dtype_kwarg)
                    .or_else(|| dtype_arg.and_then(|i| positional.get(i).copied()));
                let elem = match dtype {
                    Some(d) => Expr::DtypeSize(self.dtype_name(d)),
                    None => Expr::DtypeSize(default_dtype.clone()?),
                };
                Some(dims.into_iter().fold(elem, |acc, dim| {
                    Expr::Binary(BinOp::Mul, Box::new(self.dim(dim)), Box::new(acc))
                }))
            }
        }
    }

    /// An expression as a size formula spells it: compacted, a long call shortened
    /// (`torch.from_numpy(req.shm_req.get_prompt_ids())` → `torch.from_numpy(..)`).
    pub(super) fn spelled(&self, n: Node) -> String {
        let text = compact(self.b.text_of(n));
        if text.chars().count() <= 40 {
            return text;
        }
        let head: String = text
            .split('(')
            .next()
            .unwrap_or("")
            .chars()
            .take(36)
            .collect();
        format!("{head}(..)")
    }

    /// What a size the catalog cannot fold depends on, as the code spells it: the copied
    /// tensor of `x.pin_memory()` (`nbytes(x)`), the model of `torch.empty_like(x)`
    /// (`numel(x) × itemsize(dtype)`), the data of `torch.tensor(xs, ..)`; a list literal's
    /// length is its element count.
    pub(super) fn symbolic_size<'n>(
        &self,
        name: &str,
        kind: ApiKind,
        func: Node<'n>,
        args: &[Node<'n>],
        positional: &[Node<'n>],
        function: usize,
    ) -> Option<Expr> {
        let spelled = |n: Node<'n>| self.spelled(n);
        // `buf = torch.zeros(256, 1024)` .. `buf.pin_memory()`, `torch.empty_like(buf, ..)`.
        let made = |n: Node<'n>| {
            (n.kind() == "identifier")
                .then(|| self.made.get(&(function, self.b.text_of(n).to_string())))
                .flatten()
                .cloned()
                .flatten()
        };
        let dtype = self.kwarg(args, "dtype").map(|d| self.dtype_name(d));
        let elements = |count: Expr| {
            let elem = Expr::DtypeSize(dtype.clone().unwrap_or_else(|| "element".into()));
            Expr::Binary(BinOp::Mul, Box::new(count), Box::new(elem))
        };
        if kind == ApiKind::PinCopy {
            let object = func.field_child("object")?;
            return made(object)
                .or_else(|| Some(Expr::term(&format!("nbytes({})", spelled(object)))));
        }
        let first = positional.first().copied()?;
        if name.ends_with("_like") {
            return Some(match dtype {
                Some(_) => elements(Expr::term(&format!("numel({})", spelled(first)))),
                None => made(first)
                    .unwrap_or_else(|| Expr::term(&format!("nbytes({})", spelled(first)))),
            });
        }
        match first.kind() {
            // `torch.tensor([rank, 2 * size - rank - 1], ..)`: two elements.
            "list" | "tuple"
                if named_children(first).iter().all(|i| {
                    !matches!(
                        i.kind(),
                        "list" | "tuple" | "list_splat" | "list_comprehension"
                    )
                }) =>
            {
                let n = first.named_child_count();
                Some(elements(Expr::Int(i128::try_from(n).ok()?)))
            }
            "identifier" | "attribute" | "call" | "subscript" => {
                Some(elements(Expr::term(&format!("numel({})", spelled(first)))))
            }
            // `[r.idx for r in reqs]`: one element per item of `reqs`.
            "list_comprehension" => {
                let source = named_children(first)
                    .into_iter()
                    .find(|c| c.kind() == "for_in_clause")
                    .and_then(|f| f.field_child("right"))?;
                Some(elements(Expr::term(&format!("len({})", spelled(source)))))
            }
            _ => None,
        }
    }

    /// The size of the tensor a factory call makes (`torch.zeros(2, 3)`, `torch.tensor([..])`),
    /// when the catalog knows the factory, or of the NumPy array it makes
    /// (`np.zeros((3, 224, 224), np.float32)`). `torch.from_numpy(a)` shares `a`'s memory:
    /// the size of what made `a` (a call, or a local of `function` one assignment made).
    pub(super) fn made_size<'n>(&self, call: Node<'n>, function: usize) -> Option<Expr> {
        let mut call = call;
        loop {
            let func = call.field_child("function")?;
            let (object, name) = match func.kind() {
                "attribute" => (
                    func.field_child("object"),
                    field_text(&self.b, func, "attribute"),
                ),
                "identifier" => (None, self.b.text_of(func)),
                _ => return None,
            };
            let args: Vec<Node> = call
                .field_child("arguments")
                .map(named_children)
                .unwrap_or_default();
            let positional = positional(&args);
            if name == "from_numpy" {
                match positional.as_slice() {
                    [a] if a.kind() == "call" => {
                        call = *a;
                        continue;
                    }
                    [a] if a.kind() == "identifier" => {
                        let local = (function, self.b.text_of(*a).to_string());
                        return self.made.get(&local).cloned().flatten();
                    }
                    _ => return None,
                }
            }
            // `np.zeros`, `numpy.empty`, or `zeros` imported from `numpy`.
            let numpy = match object {
                Some(o) => {
                    o.kind() == "identifier"
                        && self.modules.get(self.b.text_of(o)) == Some(&"numpy")
                }
                None => self
                    .b
                    .model
                    .imported
                    .iter()
                    .any(|(n, source)| n == name && source == "numpy"),
            };
            if numpy {
                return self.numpy_size(name, &args, &positional);
            }
            let id = self.catalog.lookup(self.lang, MatchKind::PinKwarg, name)?;
            return self.size(&self.catalog.apis[id].size, &args, &positional);
        }
    }

    /// `np.zeros((3, 224, 224), np.float32)`, `np.empty(n, dtype=np.uint8)`: NumPy's
    /// factories take the shape as one argument and the dtype after it, float64 by default.
    fn numpy_size<'n>(
        &self,
        name: &str,
        args: &[Node<'n>],
        positional: &[Node<'n>],
    ) -> Option<Expr> {
        if !matches!(name, "zeros" | "empty" | "ones") {
            return None;
        }
        let shape = self
            .kwarg(args, "shape")
            .or_else(|| positional.first().copied())?;
        let dtype = match self
            .kwarg(args, "dtype")
            .or_else(|| positional.get(1).copied())
        {
            None => "float64".to_string(),
            Some(d) if d.kind() == "none" => "float64".to_string(),
            // Python's own types (and NumPy's old aliases of them) are NumPy's 8-byte ones,
            // not torch's 4-byte `float`/`int`.
            Some(d) => match self.dtype_name(d).as_str() {
                "float" | "float_" => "float64".to_string(),
                "int" | "int_" => "int64".to_string(),
                "complex" | "complex_" => "complex128".to_string(),
                other => other.to_string(),
            },
        };
        Some(
            self.dims(shape)
                .into_iter()
                .fold(Expr::DtypeSize(dtype), |acc, dim| {
                    Expr::Binary(BinOp::Mul, Box::new(self.dim(dim)), Box::new(acc))
                }),
        )
    }

    /// The dimensions of a shape: a tuple/list's items, `torch.Size([..])`'s items, or one int.
    fn dims<'n>(&self, shape: Node<'n>) -> Vec<Node<'n>> {
        match shape.kind() {
            "tuple" | "list" => named_children(shape),
            "call" => match shape
                .field_child("arguments")
                .map(named_children)
                .as_deref()
            {
                Some([inner]) if matches!(inner.kind(), "tuple" | "list") => named_children(*inner),
                // Unknown shape: a single unknown dimension keeps the size unknown.
                _ => vec![shape],
            },
            _ => vec![shape],
        }
    }

    /// One dimension of a shape: `x.shape` / `x.size()` (a whole shape) is `numel(x)`.
    fn dim<'n>(&self, dim: Node<'n>) -> Expr {
        let whole = match dim.kind() {
            "attribute" if field_text(&self.b, dim, "attribute") == "shape" => {
                dim.field_child("object")
            }
            "call" => dim
                .field_child("function")
                .filter(|f| {
                    f.kind() == "attribute" && field_text(&self.b, *f, "attribute") == "size"
                })
                .filter(|_| {
                    dim.field_child("arguments")
                        .is_some_and(|a| a.named_child_count() == 0)
                })
                .and_then(|f| f.field_child("object")),
            _ => None,
        };
        match whole {
            Some(x) => Expr::term(&format!("numel({})", compact(self.b.text_of(x)))),
            None => self.expr(dim, 0),
        }
    }

    /// `torch.float16` → `float16`, `"float32"` → `float32`, `x.dtype` stays `x.dtype`
    /// (another tensor's, unknown here), `np.dtype("f4")` → unknown.
    fn dtype_name<'n>(&self, d: Node<'n>) -> String {
        match d.kind() {
            "attribute" => {
                let last = field_text(&self.b, d, "attribute");
                if last == "dtype" {
                    compact(self.b.text_of(d))
                } else {
                    last.to_string()
                }
            }
            "identifier" => self.b.text_of(d).to_string(),
            "string" => self
                .b
                .text_of(d)
                .trim_matches(|c| c == '"' || c == '\'')
                .to_string(),
            _ => String::new(),
        }
    }

    /// An integer expression, folded later by the tax module.
    pub(super) fn expr(&self, node: Node, depth: usize) -> Expr {
        if depth > MAX_DEPTH {
            return Expr::Unknown;
        }
        let d = depth + 1;
        match node.kind() {
            "integer" => parse_int(self.b.text_of(node)).map_or(Expr::Unknown, Expr::Int),
            "true" => Expr::Int(1),
            "false" => Expr::Int(0),
            "identifier" => Expr::Name(self.b.text_of(node).to_string()),
            // `self.max_batch`, `args.seq_len`: a free name (`--assume` binds it).
            "attribute" => {
                let name = compact(self.b.text_of(node));
                if name.starts_with("self.") || name.starts_with("cls.") {
                    self.attr_uses
                        .borrow_mut()
                        .push((name.clone(), self.class_now.get()));
                }
                Expr::Name(name)
            }
            "parenthesized_expression" => match named_children(node).as_slice() {
                [inner] => self.expr(*inner, d),
                _ => Expr::Unknown,
            },
            "unary_operator" => {
                let arg = node.field_child("argument");
                match (field_text(&self.b, node, "operator"), arg) {
                    ("-", Some(a)) => Expr::Neg(Box::new(self.expr(a, d))),
                    ("+", Some(a)) => self.expr(a, d),
                    _ => Expr::Unknown,
                }
            }
            "binary_operator" => {
                let op = match field_text(&self.b, node, "operator") {
                    "+" => BinOp::Add,
                    "-" => BinOp::Sub,
                    "*" => BinOp::Mul,
                    "//" => BinOp::Div,
                    "/" => BinOp::ExactDiv,
                    "<<" => BinOp::Shl,
                    "**" => BinOp::Pow,
                    _ => return Expr::Unknown,
                };
                match (node.field_child("left"), node.field_child("right")) {
                    (Some(l), Some(r)) => {
                        Expr::Binary(op, Box::new(self.expr(l, d)), Box::new(self.expr(r, d)))
                    }
                    _ => Expr::Unknown,
                }
            }
            // `int(n)` and ctypes' integer wrappers (`ctypes.c_size_t(n)`) keep the value;
            // `len(ids)`, `x.numel()`, `shape[0]` are run-time values, kept as written.
            "call" => {
                let func = node.field_child("function");
                let args = node
                    .field_child("arguments")
                    .map(named_children)
                    .unwrap_or_default();
                let keeps_value = |f: &str| {
                    let f = f.strip_prefix("ctypes.").unwrap_or(f);
                    f == "int"
                        || matches!(
                            f,
                            "c_size_t"
                                | "c_ssize_t"
                                | "c_ulong"
                                | "c_ulonglong"
                                | "c_uint64"
                                | "c_long"
                                | "c_longlong"
                                | "c_int64"
                                | "c_uint"
                                | "c_int"
                        )
                };
                match (func.map(|f| self.b.text_of(f)), args.as_slice()) {
                    (Some(f), [only]) if keeps_value(f) && only.kind() != "keyword_argument" => {
                        self.expr(*only, d)
                    }
                    _ => Expr::term(self.b.text_of(node)),
                }
            }
            "subscript" => Expr::term(self.b.text_of(node)),
            _ => Expr::Unknown,
        }
    }

    /// `parser.add_argument("--batch-size", "-b", type=int, default=64)`: `batch_size`
    /// (or `dest=`) defaults to 64.
    pub(super) fn argparse_default(&mut self, args: &[Node]) {
        let mut dest = None;
        let mut default = None;
        let mut flags = Vec::new();
        for a in args {
            match a.kind() {
                "string" => flags.push(self.b.text_of(*a).trim_matches(['"', '\'']).to_string()),
                "keyword_argument" => {
                    let value = a.field_child("value");
                    match field_text(&self.b, *a, "name") {
                        "dest" => {
                            dest = value
                                .map(|v| self.b.text_of(v).trim_matches(['"', '\'']).to_string())
                        }
                        "default" => default = value.map(|v| self.expr(v, 0)),
                        _ => {}
                    }
                }
                _ => {}
            }
        }
        let Some(value) = default.filter(|v| *v != Expr::Unknown) else {
            return;
        };
        let flag = flags
            .iter()
            .find(|f| f.starts_with("--"))
            .or_else(|| flags.iter().find(|f| !f.starts_with('-')))
            .cloned();
        let name = dest.or_else(|| {
            flag.as_ref()
                .map(|f| f.trim_start_matches('-').replace('-', "_"))
        });
        if let (Some(name), Some(flag)) = (name, flag)
            && !name.is_empty()
        {
            self.add_default(&name, value, flag);
        }
    }

    /// Record a default; a second, different value for the name drops it.
    pub(super) fn add_default(&mut self, name: &str, value: Expr, origin: String) {
        if self.conflicting_defaults.contains(name) {
            return;
        }
        match self.b.model.defaults.get(name) {
            Some((old, _)) if *old != value => {
                self.b.model.defaults.remove(name);
                self.conflicting_defaults.insert(name.to_string());
            }
            _ => {
                self.b
                    .model
                    .defaults
                    .insert(name.to_string(), (value, origin));
            }
        }
    }

    /// `self.x = 64` in `__init__` makes `self.x` a constant of the file; any other store
    /// into `self.x` (another method, a loop, `+=`, a value not folded) makes it unknown,
    /// as does a store into `cls.x` or `Pool.x` for those names. Never a guess: two classes
    /// of one file that set `self.x` to different values leave it unknown.
    pub(super) fn attribute_constant(&mut self, left: Node, right: Option<Node>, scope: Scope<'t>) {
        let key = compact(self.b.text_of(left));
        let in_init = scope.function != 0
            && self.b.model.functions[scope.function].name == "__init__"
            && scope.innermost_loop.is_none();
        let value = right.map_or(Expr::Unknown, |r| self.expr(r, 0));
        // (A method's scope names no class; its function does.)
        let class = match scope.class {
            Some(c) => c.to_string(),
            None => self.b.model.functions[scope.function]
                .class
                .clone()
                .unwrap_or_default(),
        };
        if key.starts_with("self.") && in_init && value != Expr::Unknown {
            self.attribute_value(key, Some(value), &class);
        } else {
            if let Some(attr) = key.strip_prefix("cls.") {
                self.b.poison_constant(&format!("self.{attr}"));
            }
            self.attribute_value(key, None, &class);
        }
    }

    /// Record a store of `value` (none: not a constant) into the attribute `key` by code of
    /// `class`; a second class storing into it makes it unknown.
    pub(super) fn attribute_value(&mut self, key: String, value: Option<Expr>, class: &str) {
        let owner = self
            .attr_owner
            .entry(key.clone())
            .or_insert_with(|| class.to_string());
        match value {
            Some(v) if owner == class => self.b.add_constant(&key, v),
            _ => self.b.poison_constant(&key),
        }
    }

    /// A `self.x` constant read in another class than the one that set it (a subclass, or
    /// an unrelated class of the same file that inherits `x` from elsewhere) is not known
    /// there: it is dropped.
    pub(super) fn drop_foreign_attributes(&mut self) {
        for (name, class) in self.attr_uses.take() {
            let owner = self.attr_owner.get(&name);
            if owner.is_some_and(|o| Some(o.as_str()) != class) {
                self.b.poison_constant(&name);
            }
        }
    }
}

/// The widest kind of number in a literal (what torch infers a dtype from).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Literal {
    Bool,
    Int,
    Float,
}

/// A literal number or (nested) list/tuple of numbers: how many, and the widest kind.
/// `None` for anything else (a name, a call, a comprehension, an empty list).
fn literal_numbers(n: Node, depth: usize) -> Option<(u64, Literal)> {
    if depth > 64 {
        return None;
    }
    match n.kind() {
        "true" | "false" => Some((1, Literal::Bool)),
        "integer" => Some((1, Literal::Int)),
        "float" => Some((1, Literal::Float)),
        "unary_operator" => literal_numbers(n.field_child("argument")?, depth + 1),
        "list" | "tuple" => {
            let mut count = 0u64;
            let mut widest = None;
            for item in named_children(n) {
                let (c, k) = literal_numbers(item, depth + 1)?;
                count = count.checked_add(c)?;
                widest = widest.max(Some(k));
            }
            Some((count, widest?))
        }
        _ => None,
    }
}

/// Python integer literals: `1_000`, `0x10`, `0o17`, `0b101`.
fn parse_int(text: &str) -> Option<i128> {
    let t = text.replace('_', "");
    let lower = t.to_ascii_lowercase();
    let (digits, radix) = if let Some(h) = lower.strip_prefix("0x") {
        (h.to_string(), 16)
    } else if let Some(o) = lower.strip_prefix("0o") {
        (o.to_string(), 8)
    } else if let Some(b) = lower.strip_prefix("0b") {
        (b.to_string(), 2)
    } else {
        (lower, 10)
    };
    i128::from_str_radix(&digits, radix).ok()
}

#[cfg(test)]
mod tests {
    use super::parse_int;

    #[test]
    fn python_integer_literals() {
        assert_eq!(parse_int("1_000"), Some(1000));
        assert_eq!(parse_int("0x10"), Some(16));
        assert_eq!(parse_int("0o17"), Some(15));
        assert_eq!(parse_int("0b101"), Some(5));
        assert_eq!(parse_int("1e3"), None);
    }
}
