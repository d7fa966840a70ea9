//! Text tests shared by the front ends for catalog entries whose match depends on more
//! than a call's name: a pinned device or memory kind among the arguments
//! (`match = "pin-arg"`) and a receiver of a pinned resource type (`receiver_types`).
//! The words themselves come from `rules/catalog.toml`.

/// Does `text` say `word` as a whole identifier (or inside a string: `"pinned_host"`)?
pub fn says(text: &str, word: &str) -> bool {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices(word).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        !before.is_some_and(ident) && !after.is_some_and(ident)
    })
}

/// The name an argument spells when it is a plain variable, attribute or member
/// (`dev`, `self.host_sharding`, `this->dev_`, `&dev`): its last part.
pub fn variable(arg: &str) -> Option<&str> {
    let a = arg.trim().trim_start_matches('&').trim();
    let plain = !a.is_empty()
        && a.chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '.' | '-' | '>' | ':'));
    if !plain {
        return None;
    }
    let last = a.rsplit(['.', '>', ':']).next()?;
    (!last.is_empty() && !last.starts_with(|c: char| c.is_ascii_digit())).then_some(last)
}

/// Does an argument spelled `arg` (at byte `at` of `file`) say one of `values`, directly
/// or through the variable it names, as the file last sets it before `at` (or first after,
/// a member declared below its use): `s_host = s.with_memory_kind("pinned_host")`,
/// `DLDevice dev{kDLCUDAHost, 0};`?
pub fn pins_by_value(arg: &str, values: &[String], file: &str, at: usize) -> bool {
    if values.iter().any(|v| says(arg, v)) {
        return true;
    }
    variable(arg)
        .and_then(|name| binding(file, name, at))
        .is_some_and(|(_, rest)| values.iter().any(|v| says(rest, v)))
}

/// Is the variable `root` (used at byte `at`) declared or bound with one of `types`, by
/// the statement that last binds it before `at` (or first after): `rmm::mr::pinned_memory_resource mr;`,
/// `auto mr = std::make_shared<rmm::mr::pinned_memory_resource>();`,
/// `mr = rmm.mr.PinnedMemoryResource()`?
pub fn declared_with(root: &str, types: &[String], file: &str, at: usize) -> bool {
    binding(file, root, at).is_some_and(|(stmt, _)| types.iter().any(|t| says(stmt, t)))
}

/// What the statement binding `name` nearest before `at` (else the first after it) gives
/// it: `= sinks_.find(name)` for `auto it = sinks_.find(name);`.
pub fn bound_value<'a>(file: &'a str, name: &str, at: usize) -> Option<&'a str> {
    binding(file, name, at).map(|(_, rest)| rest)
}

/// The statement that binds `name` nearest before `at` (else the first after it): the
/// whole statement, and what follows the name in it.
fn binding<'a>(file: &'a str, name: &str, at: usize) -> Option<(&'a str, &'a str)> {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut before = None;
    let mut after = None;
    // The statement bounds, found incrementally: the matches come in order, so each byte
    // is searched once (searching from each match was cubic on a long line that names
    // the variable hundreds of times, once per argument).
    let (mut scanned, mut start) = (0, 0);
    let mut end = 0;
    for (i, _) in file.match_indices(name) {
        let end_of_name = i + name.len();
        if let Some(s) = file[scanned..i].rfind([';', '\n', '}']) {
            start = scanned + s + 1;
        }
        scanned = i;
        if file[..i].chars().next_back().is_some_and(ident)
            || file[end_of_name..].chars().next().is_some_and(ident)
        {
            continue;
        }
        if end < end_of_name {
            end = file[end_of_name..]
                .find([';', '\n'])
                .map_or(file.len(), |e| end_of_name + e);
        }
        let head = file[start..i].trim_end();
        let rest = file[end_of_name..end].trim_start();
        let sets = (rest.starts_with('=') && !rest.starts_with("=="))
            || rest.starts_with('{')
            // `T name(args)` declares; `f(name)` or `name(..)` alone calls.
            || (rest.starts_with('(') && head.ends_with(|c: char| ident(c) || c == '>'))
            // A parameter, `f(rmm::mr::pinned_memory_resource& mr, int n)`.
            || ((rest.starts_with(',') || rest.starts_with(')'))
                && head.contains('(')
                && head.ends_with(|c: char| ident(c) || matches!(c, '>' | '*' | '&')))
            // `T name;` with nothing after the name.
            || (rest.is_empty()
                && head.ends_with(|c: char| ident(c) || matches!(c, '>' | '*' | '&'))
                && !head.ends_with("return")
                && !head.ends_with("delete"));
        if !sets {
            continue;
        }
        let found = (&file[start..end], rest);
        if i < at {
            before = Some(found);
        } else if after.is_none() {
            after = Some(found);
        }
    }
    before.or(after)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(w: &[&str]) -> Vec<String> {
        w.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_parameter_is_declared_with_its_type() {
        let types = words(&["pinned_memory_resource"]);
        let f = "static T* f(rmm::mr::pinned_memory_resource& mr, int n) {\n  return mr.allocate(n);\n}\n";
        let at = f.find("mr.allocate").unwrap_or(0);
        assert!(declared_with("mr", &types, f, at));
        // (Handed on as an argument, not declared.)
        let g = "void g(Pool& pool, int n) {\n  h(pinned_memory_resource_count, mr);\n  mr.allocate(n);\n}\n";
        let at = g.find("mr.allocate").unwrap_or(0);
        assert!(!declared_with("mr", &types, g, at));
    }

    #[test]
    fn a_pinned_value_is_said_directly_or_through_a_variable() {
        let v = words(&["pinned_host"]);
        assert!(pins_by_value("s.with_kind('pinned_host')", &v, "", 0));
        assert!(!pins_by_value("s.with_kind('pinned_hostess')", &v, "", 0));
        let file = "s_host = s.with_memory_kind(\"pinned_host\")\ns_dev = s\n";
        assert!(pins_by_value("s_host", &v, file, file.len()));
        assert!(!pins_by_value("s_dev", &v, file, file.len()));
        assert!(!pins_by_value("s_host == x", &v, file, file.len()));
        let c = words(&["kDLCUDAHost"]);
        assert!(pins_by_value(
            "dev",
            &c,
            "DLDevice dev{kDLCUDAHost, 0};",
            40
        ));
        assert!(!pins_by_value("dev", &c, "if (dev == kDLCUDAHost) {}", 30));
    }

    #[test]
    fn a_receiver_is_declared_with_a_type() {
        let t = words(&["pinned_memory_resource"]);
        assert!(declared_with(
            "mr_",
            &t,
            "  rmm::mr::pinned_memory_resource mr_;\n",
            0
        ));
        let shared = "auto mr = std::make_shared<rmm::mr::pinned_memory_resource>();";
        assert!(declared_with("mr", &t, shared, 70));
        assert!(!declared_with(
            "mr",
            &t,
            "rmm::mr::cuda_memory_resource mr;",
            40
        ));
        assert!(!declared_with(
            "m",
            &t,
            "rmm::mr::pinned_memory_resource mr;",
            40
        ));
        // The nearest binding before the use decides.
        let file = "self.mr = PinnedMemoryResource()\nmr = CudaMemoryResource()\nmr.allocate(8)";
        let t = words(&["PinnedMemoryResource"]);
        assert!(!declared_with("mr", &t, file, file.len()));
        assert!(declared_with("mr", &t, file, 20));
    }
}
