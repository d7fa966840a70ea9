//! `ghosttax explain RULE`: a rule's documentation, found by its code or its name.

use std::process::ExitCode;

use ghosttax::rules;

// No doc comment: the variant's in main.rs is the command's help.
#[derive(clap::Args)]
pub struct Args {
    /// A rule code or name, e.g. GT101 or pinned-alloc-in-loop (any case).
    #[arg(value_name = "RULE")]
    code: String,
}

pub fn run(args: &Args) -> ExitCode {
    match rules::find(&args.code).or_else(|| rules::by_name(&args.code)) {
        Some(rule) => {
            print!("{}", rule.doc);
            ExitCode::SUCCESS
        }
        None => {
            let valid: Vec<String> = rules::ALL
                .iter()
                .map(|r| format!("{} {}", r.code, r.name))
                .collect();
            super::fail(&format!(
                "unknown rule `{}`; give a code or a name that `ghosttax rules` lists: {}",
                args.code,
                valid.join(", ")
            ))
        }
    }
}
