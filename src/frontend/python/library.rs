//! Library pinned memory in Python: calls that pin only when given a pinned device or
//! memory kind (`match = "pin-arg"`: `jax.device_put(x, s.with_memory_kind("pinned_host"))`)
//! and methods that pin only on a pinned resource (`receiver_types`:
//! `mr.allocate(n)`). No library is named here; the names are in `rules/catalog.toml`.

use tree_sitter::Node;

use crate::frontend::fields::FieldChild;

use super::Py;
use crate::catalog::{ApiId, MatchKind};
use crate::frontend::library;

impl Py<'_, '_> {
    /// A `pin-arg` API called with a pinned device or memory kind among its arguments
    /// (keyword values included).
    pub(super) fn pin_arg_api(&self, name: &str, args: &[Node]) -> Option<ApiId> {
        let id = self.catalog.lookup(self.lang, MatchKind::PinArg, name)?;
        let values = &self.catalog.apis[id].pin_values;
        args.iter()
            .map(|a| a.field_child("value").unwrap_or(*a))
            .any(|a| library::pins_by_value(self.b.text_of(a), values, self.b.text, a.start_byte()))
            .then_some(id)
    }

    /// A `pin-arg` API given no pinned value it can see, but one a project function may
    /// make: `jax.device_put(x, host_sharding())`, or `host` bound to `host_sharding()`
    /// (`self.host_sh = offload_shardings(..)`). The API and the function's name: the call
    /// pins if that function returns a pinned kind (`Event::pins_if`).
    pub(super) fn pin_arg_maker(&self, name: &str, args: &[Node]) -> Option<(ApiId, String)> {
        let id = self
            .catalog
            .lookup(self.lang, MatchKind::PinArg, name)
            .filter(|&id| self.catalog.apis[id].values_from_calls)?;
        let maker = |value: &str| {
            let head = value.split('(').next()?.trim();
            let last = head.rsplit('.').next()?;
            let plain = !last.is_empty()
                && value.contains('(')
                && head
                    .chars()
                    .all(|c| c.is_alphanumeric() || matches!(c, '_' | '.'))
                && !last.starts_with(|c: char| c.is_ascii_digit());
            plain.then(|| last.to_string())
        };
        args.iter()
            .skip(1)
            .map(|a| a.field_child("value").unwrap_or(*a))
            .find_map(|a| {
                let spelled = self.b.text_of(a);
                if a.kind() == "call" {
                    return maker(spelled);
                }
                let var = library::variable(spelled)?;
                // (Bound nowhere in this file, `from .offload import HOST`: another
                // module's name, pinned if it is bound to a pinned kind there.)
                let assigned = library::bound_value(self.b.text, var, a.start_byte())
                    .and_then(|b| b.trim_start().strip_prefix('='));
                let Some(value) = assigned else {
                    let plain = a.kind() == "identifier" && var == spelled;
                    return plain.then(|| var.to_string());
                };
                maker(value.trim_start())
            })
            .map(|m| (id, m))
    }

    /// Does `text` say a catalog `pin_values` word (`memory_kind="pinned_host"`)?
    pub(super) fn says_pin_value(&self, text: &str) -> bool {
        self.catalog
            .apis
            .iter()
            .flat_map(|a| &a.pin_values)
            .any(|w| library::says(text, w))
    }

    /// Is `func` (`mr.allocate`, `self.mr.allocate`) called on an object of one of the
    /// API's `receiver_types` (any object when it names none)?
    pub(super) fn on_pinned_receiver(&self, id: ApiId, func: Node) -> bool {
        let types = &self.catalog.apis[id].receiver_types;
        if types.is_empty() {
            return true;
        }
        let Some(object) = func.field_child("object") else {
            return false;
        };
        let spelled = self.b.text_of(object);
        if types.iter().any(|t| library::says(spelled, t)) {
            return true;
        }
        library::variable(spelled)
            .is_some_and(|v| library::declared_with(v, types, self.b.text, func.start_byte()))
    }
}
