use std::os::raw::c_void;
use std::ptr;

use anyhow::{bail, Context};

use crate::ffi;

#[derive(Debug, Default, Clone)]
pub struct Cnf {
    pub num_vars: usize,
    pub clauses: Vec<Vec<i32>>,
}

pub fn parse_dimacs(text: &str) -> anyhow::Result<Cnf> {
    let mut cnf = Cnf::default();
    let mut cur = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('c') {
            continue;
        }
        if let Some(rest) = line.strip_prefix("p cnf") {
            let mut it = rest.split_whitespace();
            cnf.num_vars = it.next().context("p line without variable count")?.parse()?;
            continue;
        }
        for tok in line.split_whitespace() {
            let lit: i32 = tok.parse().with_context(|| format!("bad literal {tok:?}"))?;
            if lit == 0 {
                cnf.clauses.push(std::mem::take(&mut cur));
            } else {
                if lit.unsigned_abs() as usize > cnf.num_vars {
                    bail!("literal {lit} exceeds {} variables", cnf.num_vars);
                }
                cur.push(lit);
            }
        }
    }
    Ok(cnf)
}

/// Assumption literals (`a <count> <lit> ... 0`), staged in page-locked memory for the
/// device propagator's first restart.
pub fn load_assumptions(text: &str) -> anyhow::Result<Vec<i32>> {
    let mut toks = text.split_whitespace();
    if toks.next() != Some("a") {
        return Ok(Vec::new());
    }
    const MAX: usize = 1 << 16;
    let mut p: *mut c_void = ptr::null_mut();
    ffi::check(unsafe { ffi::cuMemAllocHost_v2(&mut p, MAX * std::mem::size_of::<i32>()) })?;
    let staged = unsafe { std::slice::from_raw_parts_mut(p as *mut i32, MAX) };
    let count: usize = toks.next().unwrap_or("0").parse()?;
    let mut n = 0;
    for tok in toks.take(count.min(MAX)) {
        let lit: i32 = tok.parse()?;
        if lit == 0 {
            break;
        }
        staged[n] = lit;
        n += 1;
    }
    let out = staged[..n].to_vec();
    unsafe { ffi::cuMemFreeHost(p) };
    Ok(out)
}
