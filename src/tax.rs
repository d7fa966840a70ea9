//! The tax model: evaluate sizes and trip counts, apply the measured ratio, format bytes.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::atomic::{AtomicBool, Ordering};

use crate::catalog::TaxClass;
use crate::model::{BinOp, Expr, Trips};

/// The seed's measured WDDM ratio for `cudaMallocHost`-class allocations.
pub const DEFAULT_ALLOC_RATIO: f64 = 0.12;
/// `cudaHostRegister` costs roughly 1/3 to 1/2 of the alloc class.
pub const DEFAULT_REGISTER_RATIO: f64 = 0.05;

/// Names are resolved through constants at most this deep (guards `#define A B` cycles).
const MAX_NAME_DEPTH: usize = 32;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ratios {
    pub alloc: f64,
    pub register: f64,
}

impl Default for Ratios {
    fn default() -> Self {
        Ratios {
            alloc: DEFAULT_ALLOC_RATIO,
            register: DEFAULT_REGISTER_RATIO,
        }
    }
}

impl Ratios {
    pub fn for_class(&self, class: TaxClass) -> f64 {
        match class {
            TaxClass::Alloc => self.alloc,
            TaxClass::Register => self.register,
        }
    }
}

/// Parse a ratio given by the user: a number in (0, 1].
pub fn parse_ratio(text: &str) -> Result<f64, String> {
    let r: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number"))?;
    if r > 0.0 && r <= 1.0 {
        Ok(r)
    } else {
        Err(format!("`{text}` is outside (0, 1]"))
    }
}

/// A share of the card: `10%` or `0.1`, in (0, 1].
pub fn parse_share(text: &str) -> Result<f64, String> {
    let Some(pct) = text.trim().strip_suffix('%') else {
        return parse_ratio(text);
    };
    let r = pct
        .trim()
        .parse::<f64>()
        .map_err(|_| format!("`{text}` is not a percentage"))?
        / 100.0;
    if r > 0.0 && r <= 1.0 {
        Ok(r)
    } else {
        Err(format!("`{text}` is outside (0%, 100%]"))
    }
}

/// Values the user gives for names the code leaves free (`--assume batch_size=64`,
/// `[tax.assume]`), matched on a name's last component (`self.batch_size`,
/// `args.batch_size`, `cfg->batch_size`). Each remembers whether it bound anything.
#[derive(Debug, Default)]
pub struct Assumptions {
    values: BTreeMap<String, (i128, AtomicBool)>,
}

impl Assumptions {
    pub fn new(values: impl IntoIterator<Item = (String, i128)>) -> Assumptions {
        Assumptions {
            values: values
                .into_iter()
                .map(|(k, v)| (k, (v, AtomicBool::new(false))))
                .collect(),
        }
    }

    /// The value assumed for `name` (by its last component), marking it used.
    fn get(&self, name: &str) -> Option<i128> {
        let last = name.rsplit(['.', '>', ':']).next().unwrap_or(name);
        let (v, used) = self.values.get(last)?;
        used.store(true, Ordering::Relaxed);
        Some(*v)
    }

    /// The value assumed for the term `term` as written (`nbytes(batch)`), marking it used.
    fn get_term(&self, term: &str) -> Option<i128> {
        let (v, used) = self.values.get(term)?;
        used.store(true, Ordering::Relaxed);
        Some(*v)
    }

    /// The assumptions that bound no name in the run.
    pub fn unused(&self) -> Vec<&str> {
        self.values
            .iter()
            .filter(|(_, (_, used))| !used.load(Ordering::Relaxed))
            .map(|(k, _)| k.as_str())
            .collect()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// Every assumption, by name: what a cache key holds of them.
    pub fn values(&self) -> impl Iterator<Item = (&str, i128)> {
        self.values.iter().map(|(k, (v, _))| (k.as_str(), *v))
    }

    /// Mark `name` used, as a run read from the cache found it was.
    pub fn mark_used(&self, name: &str) {
        if let Some((_, used)) = self.values.get(name) {
            used.store(true, Ordering::Relaxed);
        }
    }
}

/// No assumptions.
pub static NO_ASSUMPTIONS: std::sync::LazyLock<Assumptions> =
    std::sync::LazyLock::new(Assumptions::default);

/// Values for what an expression leaves free (see `Evaluator::eval_filling`).
type Fill<'f> = &'f dyn Fn(&str) -> Option<i128>;

/// Evaluates expressions against a file's constants with checked arithmetic:
/// anything that overflows or is not static is `None` ("size unknown").
pub struct Evaluator<'a> {
    constants: &'a HashMap<String, Expr>,
    assume: &'a Assumptions,
    /// The assumed names an evaluation used (see `take_assumed`).
    assumed: RefCell<BTreeSet<String>>,
    /// The file's stated defaults (`FileModel::defaults`), used after `assume`.
    defaults: Option<&'a HashMap<String, (Expr, String)>>,
    /// The parameters of the function being priced: each stands for what its caller
    /// passes, not for a file constant of the same name (another function's local
    /// `const size_t n`, a module's `N`).
    params: &'a [(String, Option<Expr>)],
}

impl<'a> Evaluator<'a> {
    pub fn new(constants: &'a HashMap<String, Expr>) -> Self {
        Evaluator::with_assumptions(constants, &NO_ASSUMPTIONS)
    }

    pub fn with_assumptions(constants: &'a HashMap<String, Expr>, assume: &'a Assumptions) -> Self {
        Evaluator {
            constants,
            assume,
            assumed: RefCell::new(BTreeSet::new()),
            defaults: None,
            params: &[],
        }
    }

    /// This evaluator inside a function with these parameters (see `params`).
    pub fn within(&self, params: &'a [(String, Option<Expr>)]) -> Evaluator<'a> {
        Evaluator {
            constants: self.constants,
            assume: self.assume,
            assumed: RefCell::new(BTreeSet::new()),
            defaults: self.defaults,
            params,
        }
    }

    /// The file constant `name` stands for, unless a parameter hides it.
    fn constant(&self, name: &str) -> Option<&'a Expr> {
        if self.params.iter().any(|(p, _)| p == name) {
            return None;
        }
        self.constants.get(name)
    }

    /// Also use the defaults the file states (an argparse `default=`, a dataclass field),
    /// matched on a name's last component, after the user's assumptions; each use is
    /// reported like an assumption, with where the default comes from.
    pub fn with_defaults(mut self, defaults: &'a HashMap<String, (Expr, String)>) -> Self {
        self.defaults = Some(defaults);
        self
    }

    /// The assumed names used since the last call, as `name = value`.
    pub fn take_assumed(&self) -> Vec<String> {
        std::mem::take(&mut *self.assumed.borrow_mut())
            .into_iter()
            .collect()
    }

    /// `expr` as a formula over the names it leaves free, its constant parts folded
    /// (`(num_rows + 1) × 4`), or `None` when part of it is not an expression at all.
    pub fn formula(&self, expr: &Expr) -> Option<String> {
        self.formula_at(expr, 0).map(|(s, _)| s)
    }

    /// The formula and its precedence (0: sum, 1: product, 2: atom).
    fn formula_at(&self, expr: &Expr, depth: usize) -> Option<(String, u8)> {
        if depth > MAX_NAME_DEPTH {
            return None;
        }
        if let Some(v) = self.eval(expr) {
            return Some((v.to_string(), 2));
        }
        let d = depth + 1;
        match expr {
            Expr::Name(n) => match self.constant(n) {
                Some(e) => self.formula_at(e, d),
                None => Some((n.clone(), 2)),
            },
            Expr::SizeOf(t) => Some((format!("sizeof({t})"), 2)),
            Expr::DtypeSize(t) => Some((format!("itemsize({t})"), 2)),
            Expr::Term(t) => Some((t.clone(), 2)),
            Expr::Neg(e) => {
                let (s, p) = self.formula_at(e, d)?;
                Some((format!("-{}", paren(s, p, 2)), 2))
            }
            Expr::Binary(op, l, r) => {
                let (ls, lp) = self.formula_at(l, d)?;
                let (rs, rp) = self.formula_at(r, d)?;
                let (sym, prec) = match op {
                    BinOp::Add => ("+", 0),
                    BinOp::Sub => ("-", 0),
                    BinOp::Mul => ("×", 1),
                    BinOp::Div | BinOp::ExactDiv => ("/", 1),
                    BinOp::Shl => ("<<", 0),
                    BinOp::Pow => ("^", 2),
                };
                // The right operand of `-` and `/` keeps its own parentheses.
                let right_min = if matches!(op, BinOp::Sub | BinOp::Div | BinOp::ExactDiv) {
                    prec + 1
                } else {
                    prec
                };
                Some((
                    format!("{} {sym} {}", paren(ls, lp, prec), paren(rs, rp, right_min)),
                    prec,
                ))
            }
            Expr::Int(v) => Some((v.to_string(), 2)),
            Expr::Unknown => None,
        }
    }

    /// The names and run-time values `expr` leaves free, in order of first use: what a
    /// formula depends on.
    pub fn free_names(&self, expr: &Expr) -> Vec<String> {
        let mut out = Vec::new();
        self.free_at(expr, 0, &mut out);
        out
    }

    fn free_at(&self, expr: &Expr, depth: usize, out: &mut Vec<String>) {
        if depth > MAX_NAME_DEPTH || self.eval(expr).is_some() {
            return;
        }
        match expr {
            Expr::Name(n) => match self.constant(n) {
                Some(e) => self.free_at(e, depth + 1, out),
                None if !out.contains(n) => out.push(n.clone()),
                None => {}
            },
            Expr::Term(t) if !out.contains(t) => out.push(t.clone()),
            Expr::Neg(e) => self.free_at(e, depth + 1, out),
            Expr::Binary(_, l, r) => {
                self.free_at(l, depth + 1, out);
                self.free_at(r, depth + 1, out);
            }
            _ => {}
        }
    }

    pub fn eval(&self, expr: &Expr) -> Option<i128> {
        self.eval_at(expr, 0, None)
    }

    /// `expr` with each name, run-time value or unknown type size (`sizeof(T)`) it leaves
    /// free given by `fill` (`None` where `fill` has no value for one).
    pub fn eval_filling(&self, expr: &Expr, fill: Fill) -> Option<i128> {
        self.eval_at(expr, 0, Some(fill))
    }

    fn eval_at(&self, expr: &Expr, depth: usize, fill: Option<Fill>) -> Option<i128> {
        match expr {
            Expr::Int(v) => Some(*v),
            Expr::Name(n) => {
                if depth >= MAX_NAME_DEPTH {
                    return None;
                }
                match self.constant(n) {
                    Some(e) => self.eval_at(e, depth + 1, fill),
                    None => {
                        let last = n.rsplit(['.', '>', ':']).next().unwrap_or(n);
                        if let Some(v) = self.assume.get(n) {
                            self.assumed.borrow_mut().insert(format!("{last} = {v}"));
                            return Some(v);
                        }
                        let Some((value, origin)) = self.defaults.and_then(|d| d.get(last)) else {
                            return fill.and_then(|f| f(n));
                        };
                        let v = self.eval_at(value, depth + 1, fill)?;
                        self.assumed
                            .borrow_mut()
                            .insert(format!("{last} = {v} (default of `{origin}`)"));
                        Some(v)
                    }
                }
            }
            Expr::SizeOf(t) => sizeof_type(t)
                .map(i128::from)
                .or_else(|| fill.and_then(|f| f(&format!("sizeof({t})")))),
            Expr::DtypeSize(d) => dtype_size(d).map(i128::from),
            Expr::Term(t) => {
                // `nbytes(batch)`: `--assume 'nbytes(batch)=2MiB'`, or `--assume batch=2MiB`
                // (the tensor `batch` is 2 MiB).
                let tensor = t
                    .strip_prefix("nbytes(")
                    .and_then(|r| r.strip_suffix(')'))
                    .filter(|n| !n.contains('('));
                let assumed = self
                    .assume
                    .get_term(t)
                    .or_else(|| tensor.and_then(|n| self.assume.get(n)));
                match assumed {
                    Some(v) => {
                        self.assumed.borrow_mut().insert(format!("{t} = {v}"));
                        Some(v)
                    }
                    None => fill.and_then(|f| f(t)),
                }
            }
            Expr::Neg(e) => self.eval_at(e, depth, fill)?.checked_neg(),
            Expr::Binary(op, l, r) => {
                let (l, r) = (self.eval_at(l, depth, fill)?, self.eval_at(r, depth, fill)?);
                match op {
                    BinOp::Add => l.checked_add(r),
                    BinOp::Sub => l.checked_sub(r),
                    BinOp::Mul => l.checked_mul(r),
                    BinOp::Div => l.checked_div(r),
                    BinOp::ExactDiv => (r != 0 && l.checked_rem(r)? == 0)
                        .then(|| l.checked_div(r))
                        .flatten(),
                    BinOp::Shl => {
                        let shift = u32::try_from(r).ok().filter(|s| *s < 127)?;
                        let v = l.checked_mul(1i128.checked_shl(shift)?)?;
                        Some(v)
                    }
                    BinOp::Pow => l.checked_pow(u32::try_from(r).ok()?),
                }
            }
            Expr::Unknown => None,
        }
    }

    /// A non-negative byte count.
    pub fn bytes(&self, expr: &Expr) -> Option<u64> {
        u64::try_from(self.eval(expr)?).ok()
    }

    /// The number of times a loop body runs, when syntax fixes it.
    pub fn trips(&self, trips: &Trips) -> Option<u64> {
        match trips {
            Trips::Fixed(n) => Some(*n),
            Trips::Unknown => None,
            Trips::Counted {
                start,
                end,
                step,
                inclusive,
            } => {
                let (start, end, step) = (self.eval(start)?, self.eval(end)?, self.eval(step)?);
                let (span, step) = match step {
                    0 => return None,
                    s if s > 0 => (end.checked_sub(start)?, s),
                    s => (start.checked_sub(end)?, s.checked_neg()?),
                };
                let span = if *inclusive {
                    span.checked_add(1)?
                } else {
                    span
                };
                if span <= 0 {
                    return Some(0);
                }
                let n = span.checked_add(step - 1)? / step;
                u64::try_from(n).ok()
            }
        }
    }
}

/// `sizeof` of primitive and fixed-width types; pointers are 8 bytes (64-bit hosts).
pub fn sizeof_type(t: &str) -> Option<u64> {
    if t.ends_with('*') {
        return Some(8);
    }
    let t = t.trim_start_matches("const ").trim();
    // `std::uint32_t`, `half::f16`: the last path segment names the type.
    let t = match t.rfind("::") {
        Some(i) if !t.contains('<') => &t[i + 2..],
        _ => t,
    };
    Some(match t {
        "char" | "signed char" | "unsigned char" | "bool" | "int8_t" | "uint8_t" | "std::byte"
        | "byte" | "__nv_fp8_e4m3" | "__nv_fp8_e5m2" | "u8" | "i8" => 1,
        "u16" | "i16" | "f16" | "bf16" => 2,
        "u32" | "i32" | "f32" => 4,
        "u64" | "i64" | "f64" | "usize" | "isize" => 8,
        "u128" | "i128" => 16,
        "short" | "unsigned short" | "short int" | "int16_t" | "uint16_t" | "half" | "__half"
        | "__nv_bfloat16" | "nv_bfloat16" | "hip_bfloat16" | "char16_t" => 2,
        "int" | "unsigned" | "unsigned int" | "signed" | "signed int" | "float" | "int32_t"
        | "uint32_t" | "char32_t" | "wchar_t" | "__half2" | "half2" | "__nv_bfloat162" => 4,
        "double" | "long" | "unsigned long" | "long long" | "unsigned long long" | "long int"
        | "int64_t" | "uint64_t" | "size_t" | "ssize_t" | "ptrdiff_t" | "intptr_t"
        | "uintptr_t" | "float2" | "int2" | "CUdeviceptr" => 8,
        "float4" | "int4" | "double2" | "long double" => 16,
        "double4" => 32,
        _ => return None,
    })
}

/// Element size of a PyTorch / NumPy / CuPy dtype, named by its last component.
pub fn dtype_size(d: &str) -> Option<u64> {
    Some(match d {
        "bool" | "bool_" | "uint8" | "int8" | "byte" | "ubyte" | "float8_e4m3fn"
        | "float8_e5m2" => 1,
        "float16" | "half" | "bfloat16" | "int16" | "short" | "uint16" => 2,
        "float32" | "float" | "single" | "int32" | "int" | "intc" | "uint32" | "complex32" => 4,
        "float64" | "double" | "int64" | "long" | "uint64" | "complex64" | "cfloat" | "intp" => 8,
        "complex128" | "cdouble" => 16,
        _ => return None,
    })
}

/// What a site costs: the inputs and the result of `size × ratio × events`.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Estimate {
    pub size_bytes: Option<u64>,
    /// How many times the call runs (product of the enclosing loops' trip counts).
    pub events: Option<u64>,
    /// Whether the pinned buffers pile up (not released inside the loop).
    pub accumulates: bool,
    /// How many buffers are alive at once when it accumulates (may be fewer than `events`
    /// when an outer loop releases them).
    pub live: Option<u64>,
    pub ratio: f64,
    pub tax_bytes: Option<u64>,
    pub tax_bytes_per_event: Option<u64>,
    /// Served by PyTorch's caching host allocator (`through_cache`).
    pub cached: bool,
    /// A size that is not static, as a formula over the names it depends on, in bytes
    /// (`(num_rows + 1) × 4`).
    pub size_expr: Option<String>,
    /// The names `size_expr` leaves free (what `--assume` can bind).
    pub free_names: Vec<String>,
    /// The user's assumptions the size used (`batch_size = 64`).
    pub assumed: Vec<String>,
    /// The parameters a caller's constant arguments bound (`n = 1048576`), and that
    /// caller.
    pub from_caller: Vec<String>,
    pub caller: Option<String>,
    /// For a cached call: the block each buffer holds (the request rounded up to a power
    /// of two), kept pinned by the cache after the tensor dies. The tax is priced on it.
    pub block_bytes: Option<u64>,
    /// With `--vram`: the known (or assumed) tax as a share of the card.
    pub card_share: Option<f64>,
    /// That share reaches `--vram-share`: a site an incident review looks at first.
    pub over_share: bool,
    /// The size was not static and `tax_bytes` is priced on what a trace measured (its
    /// peak live bytes × `ratio`).
    pub measured: bool,
}

impl Estimate {
    pub fn new(
        size_bytes: Option<u64>,
        events: Option<u64>,
        accumulates: bool,
        live: Option<u64>,
        ratio: f64,
    ) -> Estimate {
        let per_event = size_bytes.map(|s| scale(s, ratio, 1)).and_then(|v| v);
        let tax_bytes = match (size_bytes, accumulates) {
            (Some(s), false) => scale(s, ratio, 1),
            (Some(s), true) => live.and_then(|n| scale(s, ratio, n)),
            (None, _) => None,
        };
        Estimate {
            size_bytes,
            events,
            accumulates,
            live,
            ratio,
            tax_bytes,
            tax_bytes_per_event: per_event,
            cached: false,
            block_bytes: None,
            card_share: None,
            over_share: false,
            measured: false,
            size_expr: None,
            free_names: Vec::new(),
            assumed: Vec::new(),
            from_caller: Vec::new(),
            caller: None,
        }
    }

    /// The same site counted another way (events, whether buffers pile up, how many live),
    /// keeping its formula and the assumptions it used.
    pub fn reshaped(&self, events: Option<u64>, accumulates: bool, live: Option<u64>) -> Estimate {
        let mut e = Estimate::new(self.size_bytes, events, accumulates, live, self.ratio);
        e.size_expr = self.size_expr.clone();
        e.free_names = self.free_names.clone();
        e.assumed = self.assumed.clone();
        e.from_caller = self.from_caller.clone();
        e.caller = self.caller.clone();
        e
    }

    /// The tax of one buffer as a formula, when the size is one: `size_expr × ratio`.
    pub fn tax_expr(&self) -> Option<String> {
        self.size_expr.as_ref().map(|f| {
            let f = if f.contains(" + ") || f.contains(" - ") || f.contains(" << ") {
                format!("({f})")
            } else {
                f.clone()
            };
            format!("{f} × {}", self.ratio)
        })
    }

    /// Price the site on what a trace measured, when the code leaves its size unknown:
    /// `peak_live_bytes × ratio`. For a call served by PyTorch's cache the driver saw the
    /// cache's blocks, so this is the cache's real footprint. A known tax stays.
    pub fn price_measured(&mut self, peak_live_bytes: u64) {
        if self.tax_bytes.is_none() {
            self.tax_bytes = scale(peak_live_bytes, self.ratio, 1);
            self.measured = self.tax_bytes.is_some();
        }
    }

    /// With `--vram`: the known tax as a share of the card, and whether it reaches
    /// `vram_share`.
    pub fn share_card(&mut self, vram: Option<u64>, vram_share: f64) {
        if let (Some(vram), Some(tax)) = (vram.filter(|v| *v > 0), self.tax_bytes) {
            // (Six decimals: the figure is an estimate, and JSON need not carry float noise.)
            let share = (tax as f64 / vram as f64 * 1e6).round() / 1e6;
            self.card_share = Some(share);
            self.over_share = share >= vram_share;
        }
    }

    /// The same estimate for a call served by PyTorch's caching host allocator: each
    /// buffer holds a power-of-two block, which the cache keeps pinned after the tensor
    /// dies and hands to the next request of that size. A churning site therefore holds
    /// one block (what repeats is the copy); a site that keeps its buffers holds one block
    /// per live buffer, and keeps holding them after they are gone.
    pub fn through_cache(self) -> Estimate {
        let block = self.size_bytes.and_then(|s| s.checked_next_power_of_two());
        let mut e = Estimate::new(block, self.events, self.accumulates, self.live, self.ratio);
        e.size_bytes = self.size_bytes;
        e.cached = true;
        e.block_bytes = block;
        e.size_expr = self.size_expr;
        e.free_names = self.free_names;
        e.assumed = self.assumed;
        e.from_caller = self.from_caller;
        e.caller = self.caller;
        e
    }
}

/// `s` in parentheses when its precedence is below `min`.
fn paren(s: String, prec: u8, min: u8) -> String {
    if prec < min { format!("({s})") } else { s }
}

/// The VRAM a measured peak of pinned bytes holds under WDDM at `ratio`.
pub fn measured_tax(peak_live_bytes: u64, ratio: f64) -> Option<u64> {
    scale(peak_live_bytes, ratio, 1)
}

/// round(size × ratio × count), or `None` when it does not fit in 64 bits.
fn scale(size: u64, ratio: f64, count: u64) -> Option<u64> {
    let pinned = u128::from(size).checked_mul(u128::from(count))?;
    let tax = (pinned as f64 * ratio).round();
    (tax.is_finite() && tax < u64::MAX as f64).then_some(tax as u64)
}

/// `1 file`, `3 files`.
pub fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Binary units with two decimals: `8.00 MiB`; plain bytes below 1 KiB.
pub fn format_bytes(bytes: u64) -> String {
    const UNITS: [&str; 6] = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    if bytes < 1024 {
        return format!("{bytes} B");
    }
    let mut value = bytes as f64 / 1024.0;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    format!("{value:.2} {}", UNITS[unit])
}

/// `part` as a share of `whole`, two decimals: 61.44 MiB of 8 GiB → `0.75%`.
pub fn format_share(part: u64, whole: u64) -> String {
    if whole == 0 {
        return "?".into();
    }
    format!("{:.2}%", part as f64 * 100.0 / whole as f64)
}

/// A ratio as a percentage without trailing zeros: 0.12 → `12%`, 0.118 → `11.8%`.
pub fn format_percent(ratio: f64) -> String {
    let s = format!("{:.4}", ratio * 100.0);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    format!("{s}%")
}

// Constant folding of call arguments lives beside the evaluator it uses (`model` stays
// below `tax`).
impl Expr {
    /// What a call site keeps of an argument (see `CallSite::args`): a constant folded
    /// from literals (`1 << 20`, `true`), or a name spelled like a constant (`kRowBytes`,
    /// `CHUNK`) for the caller's file to resolve. Anything else is not kept.
    pub fn as_argument(self) -> Option<Expr> {
        self.as_argument_in(&[])
    }

    /// As `as_argument`, and also one of `params` passed along as it is (`copy(src, n)`
    /// inside `upload(src, n)`): a caller further up may give it a constant.
    pub fn as_argument_in(self, params: &[(String, Option<Expr>)]) -> Option<Expr> {
        let empty = std::collections::HashMap::new();
        if let Some(v) = Evaluator::new(&empty).eval(&self) {
            return Some(Expr::Int(v));
        }
        match &self {
            Expr::Name(n)
                if crate::model::constant_style(n) || params.iter().any(|(p, _)| p == n) =>
            {
                Some(self)
            }
            // `BATCH * SEQ * 8`: arithmetic of literals and constants, folded as a whole by
            // the caller's file as a lone `BATCH` is.
            Expr::Binary(..) | Expr::Neg(_) if self.of_constants() => Some(self),
            _ => None,
        }
    }

    /// Is this arithmetic whose every leaf is a literal or a name spelled like a constant?
    fn of_constants(&self) -> bool {
        match self {
            Expr::Int(_) => true,
            Expr::Name(n) => crate::model::constant_style(n),
            Expr::Neg(e) => e.of_constants(),
            Expr::Binary(_, l, r) => l.of_constants() && r.of_constants(),
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bin(op: BinOp, l: Expr, r: Expr) -> Expr {
        Expr::Binary(op, Box::new(l), Box::new(r))
    }

    #[test]
    fn evaluates_arithmetic_sizeof_and_constants() {
        let mut consts = HashMap::new();
        consts.insert(
            "N".to_string(),
            bin(BinOp::Shl, Expr::Int(1), Expr::Int(20)),
        );
        consts.insert("LOOP".to_string(), Expr::Name("LOOP".into()));
        let ev = Evaluator::new(&consts);
        let e = bin(
            BinOp::Mul,
            Expr::Name("N".into()),
            Expr::SizeOf("float".into()),
        );
        assert_eq!(ev.bytes(&e), Some(4 << 20));
        assert_eq!(ev.eval(&Expr::Name("LOOP".into())), None);
        assert_eq!(
            ev.eval(&bin(BinOp::Pow, Expr::Int(10), Expr::Int(6))),
            Some(1_000_000)
        );
        assert_eq!(
            ev.eval(&bin(BinOp::ExactDiv, Expr::Int(7), Expr::Int(2))),
            None
        );
        assert_eq!(
            ev.eval(&bin(BinOp::Div, Expr::Int(7), Expr::Int(2))),
            Some(3)
        );
        assert_eq!(ev.eval(&bin(BinOp::Div, Expr::Int(7), Expr::Int(0))), None);
    }

    #[test]
    fn arguments_keep_arithmetic_of_constants_only() {
        let name = |n: &str| Expr::Name(n.into());
        let product = bin(
            BinOp::Mul,
            bin(BinOp::Mul, name("BATCH"), name("SEQ")),
            Expr::Int(8),
        );
        assert_eq!(product.clone().as_argument(), Some(product));
        let negated = Expr::Neg(Box::new(name("kRows")));
        assert_eq!(negated.clone().as_argument(), Some(negated));
        assert_eq!(
            bin(BinOp::Shl, Expr::Int(1), Expr::Int(20)).as_argument(),
            Some(Expr::Int(1 << 20))
        );
        // A run-time value or a parameter anywhere in it: nothing a caller can fold.
        let params = [("n".to_string(), None)];
        assert_eq!(
            bin(BinOp::Mul, name("BATCH"), name("n")).as_argument_in(&params),
            None
        );
        assert_eq!(
            bin(BinOp::Mul, name("BATCH"), Expr::Term("len(r)".into())).as_argument(),
            None
        );
    }

    #[test]
    fn overflow_is_unknown_not_wrong() {
        let empty = HashMap::new();
        let ev = Evaluator::new(&empty);
        assert_eq!(
            ev.eval(&bin(BinOp::Shl, Expr::Int(1), Expr::Int(200))),
            None
        );
        let big = bin(BinOp::Shl, Expr::Int(1), Expr::Int(62));
        let e = bin(BinOp::Mul, big.clone(), Expr::Int(16));
        assert_eq!(ev.bytes(&e), None, "does not fit in u64");
        let huge = bin(BinOp::Mul, bin(BinOp::Mul, big.clone(), big.clone()), big);
        assert_eq!(ev.eval(&huge), None);
        assert_eq!(ev.bytes(&Expr::Int(-4)), None);
    }

    #[test]
    fn trip_counts() {
        let empty = HashMap::new();
        let ev = Evaluator::new(&empty);
        let counted = |s, e, st, inclusive| Trips::Counted {
            start: Expr::Int(s),
            end: Expr::Int(e),
            step: Expr::Int(st),
            inclusive,
        };
        assert_eq!(ev.trips(&counted(0, 100, 1, false)), Some(100));
        assert_eq!(ev.trips(&counted(0, 100, 1, true)), Some(101));
        assert_eq!(ev.trips(&counted(0, 10, 3, false)), Some(4));
        assert_eq!(ev.trips(&counted(10, 0, -1, false)), Some(10));
        assert_eq!(ev.trips(&counted(10, 0, -1, true)), Some(11));
        assert_eq!(ev.trips(&counted(5, 0, 1, false)), Some(0));
        assert_eq!(ev.trips(&counted(0, 5, 0, false)), None);
    }

    #[test]
    fn torch_sites_are_priced_on_the_cache_blocks() {
        // A 5 MiB request holds an 8 MiB block (measured: bench/torch_host_cache.py).
        let churn = Estimate::new(Some(5 << 20), Some(100), false, None, 0.12).through_cache();
        assert!(churn.cached);
        assert_eq!(churn.size_bytes, Some(5 << 20));
        assert_eq!(churn.block_bytes, Some(8 << 20));
        // Churned: the cache holds one block, whatever the number of iterations.
        assert_eq!(churn.tax_bytes, Some(1_006_633));
        // Kept: one block per live buffer.
        let kept = Estimate::new(Some(8 << 20), Some(20), true, Some(20), 0.12).through_cache();
        assert_eq!(kept.block_bytes, Some(8 << 20));
        assert_eq!(kept.tax_bytes, Some(20_132_659));
        let unknown = Estimate::new(None, None, false, None, 0.12).through_cache();
        assert!(unknown.cached);
        assert_eq!((unknown.block_bytes, unknown.tax_bytes), (None, None));
    }

    #[test]
    fn estimate_and_formatting() {
        let e = Estimate::new(Some(8 << 20), Some(100), true, Some(100), 0.12);
        assert_eq!(e.tax_bytes, Some(100_663_296));
        assert_eq!(format_bytes(100_663_296), "96.00 MiB");
        let churn = Estimate::new(Some(8 << 20), Some(100), false, None, 0.12);
        assert_eq!(churn.tax_bytes, Some(1_006_633));
        let unknown = Estimate::new(Some(8 << 20), None, true, None, 0.12);
        assert_eq!(unknown.tax_bytes, None);
        assert_eq!(unknown.tax_bytes_per_event, Some(1_006_633));
        assert_eq!(format_bytes(512), "512 B");
        assert_eq!(format_bytes(64_424_509), "61.44 MiB");
        assert_eq!(format_percent(0.12), "12%");
        assert_eq!(format_percent(0.118), "11.8%");
        assert_eq!(parse_ratio("0"), Err("`0` is outside (0, 1]".into()));
        assert!(parse_ratio("1").is_ok());
        assert!(parse_ratio("x").is_err());
    }
}
