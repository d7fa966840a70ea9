use cust::memory::LockedBox;

#[derive(Clone, Copy, Default)]
#[repr(C)]
pub struct RuleParams {
    pub append_digits: u32,
    pub leet: u32,
    pub capitalize: u32,
}

cust::memory::DeviceCopy!(RuleParams);

/// A mangling stage: expands a batch and hands the kernel its parameters.
pub struct Mangler {
    pub name: String,
    pub apply: Box<dyn Fn(&[String]) -> anyhow::Result<Vec<String>> + Send + Sync>,
}

pub fn build(names: &[String]) -> Vec<Mangler> {
    names
        .iter()
        .map(|n| {
            let params = RuleParams { append_digits: n.contains("d") as u32, leet: n.contains("l") as u32, capitalize: 1 };
            Mangler {
                name: n.clone(),
                apply: Box::new(move |words: &[String]| {
                    let _p = LockedBox::new(&params)?;
                    let mut out = Vec::with_capacity(words.len() * 2);
                    for w in words {
                        out.push(w.clone());
                        if params.capitalize == 1 {
                            let mut c = w.clone();
                            if let Some(f) = c.get_mut(0..1) { f.make_ascii_uppercase(); }
                            out.push(c);
                        }
                    }
                    Ok(out)
                }),
            }
        })
        .collect()
}
