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

/// Does an argument spelled `arg` say one of `values`, directly or through a variable
/// the file sets to an expression that does (`s_host = s.with_memory_kind("pinned_host")`,
/// `DLDevice dev{kDLCUDAHost, 0};`)?
pub fn pins_by_value(arg: &str, values: &[String], file: &str) -> bool {
    if values.iter().any(|v| says(arg, v)) {
        return true;
    }
    let Some(name) = variable(arg) else {
        return false;
    };
    statements_naming(file, name).any(|(at, stmt)| {
        // `name = ..`, `name{..}`, `name(..)` right after the name: it is set there.
        let rest = stmt[at + name.len()..].trim_start();
        let sets = (rest.starts_with('=') && !rest.starts_with("=="))
            || rest.starts_with('{')
            || rest.starts_with('(');
        sets && values.iter().any(|v| says(rest, v))
    })
}

/// Is the variable `root` declared or bound with one of `types` somewhere in the file
/// (a statement that says both: `rmm::mr::pinned_memory_resource mr;`,
/// `auto mr = std::make_shared<rmm::mr::pinned_memory_resource>();`,
/// `mr = rmm.mr.PinnedMemoryResource()`)?
pub fn declared_with(root: &str, types: &[String], file: &str) -> bool {
    statements_naming(file, root).any(|(_, stmt)| types.iter().any(|t| says(stmt, t)))
}

/// The statements (split at `;`, braces and line ends) of `file` that say `name`, with
/// where in each the name first stands.
fn statements_naming<'a>(file: &'a str, name: &'a str) -> impl Iterator<Item = (usize, &'a str)> {
    file.split([';', '\n', '}'])
        .filter(move |s| s.contains(name))
        .filter_map(move |s| {
            let ident = |c: char| c.is_alphanumeric() || c == '_';
            s.match_indices(name)
                .find(|(at, _)| {
                    !s[..*at].chars().next_back().is_some_and(ident)
                        && !s[at + name.len()..].chars().next().is_some_and(ident)
                })
                .map(|(at, _)| (at, s))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(w: &[&str]) -> Vec<String> {
        w.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_pinned_value_is_said_directly_or_through_a_variable() {
        let v = words(&["pinned_host"]);
        assert!(pins_by_value("s.with_memory_kind('pinned_host')", &v, ""));
        assert!(!pins_by_value(
            "s.with_memory_kind('pinned_hostess')",
            &v,
            ""
        ));
        let file = "s_host = s.with_memory_kind(\"pinned_host\")\ns_dev = s\n";
        assert!(pins_by_value("s_host", &v, file));
        assert!(!pins_by_value("s_dev", &v, file));
        assert!(!pins_by_value("s_host == x", &v, file));
        let c = words(&["kDLCUDAHost"]);
        assert!(pins_by_value("dev", &c, "DLDevice dev{kDLCUDAHost, 0};"));
        assert!(!pins_by_value("dev", &c, "if (dev == kDLCUDAHost) {}"));
    }

    #[test]
    fn a_receiver_is_declared_with_a_type() {
        let t = words(&["pinned_memory_resource"]);
        assert!(declared_with(
            "mr_",
            &t,
            "  rmm::mr::pinned_memory_resource mr_;\n"
        ));
        assert!(declared_with(
            "mr",
            &t,
            "auto mr = std::make_shared<rmm::mr::pinned_memory_resource>();"
        ));
        assert!(!declared_with(
            "mr",
            &t,
            "rmm::mr::cuda_memory_resource mr;"
        ));
        assert!(!declared_with(
            "m",
            &t,
            "rmm::mr::pinned_memory_resource mr;"
        ));
    }
}
