//! The Python twins of the drop-in functions and the value types they build (given to
//! `configure`, or loaded by name on first need), and the per-host cache of the Python
//! IDNA functions (in front of it, the core's own IDNA of simple names).

use ahash::AHashMap;
use std::sync::atomic::Ordering;
use std::sync::{Mutex, OnceLock};

use pyo3::exceptions::PyRuntimeError;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::UNICODE_OK;
use crate::idna_simple;

/// The Python objects the drop-in functions hand over to (the twins) or build (the types),
/// by name: `configure` gives them directly (keywords) or a `loader` that returns one for
/// its name on first need, so that the dispatch in `iri` imports no module a call does not
/// use (the start-up target of issue 12).
#[derive(Clone, Copy)]
pub(super) enum Twin {
    IsValid,
    Check,
    Split,
    Parse,
    Components,
    Reference,
    Resolve,
    ToUri,
    ToIri,
    HostToAscii,
    HostToUnicode,
    Normalize,
    DnsHost,
    Violation,
    ToAscii,
}

pub(super) const TWINS: [&str; 15] = [
    "is_valid",
    "check",
    "split",
    "parse",
    "components",
    "reference",
    "resolve",
    "to_uri",
    "to_iri",
    "host_to_ascii",
    "host_to_unicode",
    "normalize",
    "dns_host",
    "violation",
    "to_ascii",
];

pub(super) struct Bindings {
    /// `loader(name)`: the object of that name, asked for once (`None`: keywords only).
    loader: Option<Py<PyAny>>,
    slots: [OnceLock<Py<PyAny>>; 15],
    /// `tuple.__new__` (a `Components` from a tuple) and `object.__new__` (an
    /// `IRIReference` made as `iri.parse` makes it).
    pub(super) tuple_new: Py<PyAny>,
    pub(super) object_new: Py<PyAny>,
}

impl Bindings {
    /// The object bound to `twin`: given to `configure`, or loaded once by the loader.
    pub(super) fn get<'s>(&'s self, py: Python<'_>, twin: Twin) -> PyResult<&'s Py<PyAny>> {
        let slot = &self.slots[twin as usize];
        if let Some(v) = slot.get() {
            return Ok(v);
        }
        let name = TWINS[twin as usize];
        let loader = self.loader.as_ref().ok_or_else(|| {
            PyRuntimeError::new_err(format!("iri._native.configure() was not given {name}="))
        })?;
        let value = loader.bind(py).call1((name,))?.unbind();
        let _ = slot.set(value); // another thread may have set it first: the same object
        slot.get()
            .ok_or_else(|| PyRuntimeError::new_err(format!("iri._native: {name} not loaded")))
    }

    /// The bound object, or `None` when neither given nor loadable (the IDNA functions:
    /// the caller then defers).
    pub(super) fn maybe(&self, py: Python<'_>, twin: Twin) -> Option<&Py<PyAny>> {
        self.get(py, twin).ok()
    }
}

/// The Python IDNA functions that map one host (3987bis 3.4.2, 4.2 step 7), each with a
/// cache of its own.
#[derive(Clone, Copy)]
pub(super) enum HostMap {
    /// `host_to_ascii`: `to_uri`, and `check`'s test that a host converts
    ToAscii,
    /// `host_to_unicode`: `to_iri`
    ToUnicode,
    /// `dns_host`: `normalize` at the scheme level (and `key`)
    Dns,
    /// `to_ascii` (UTS #46 ToASCII of the whole name, `iri.syntax.hosts.to_ascii`):
    /// `check`'s test of the `xn--` labels of an ASCII host
    Uts46,
}

impl HostMap {
    fn twin(self) -> Twin {
        match self {
            HostMap::ToAscii => Twin::HostToAscii,
            HostMap::ToUnicode => Twin::HostToUnicode,
            HostMap::Dns => Twin::DnsHost,
            HostMap::Uts46 => Twin::ToAscii,
        }
    }

    /// The hosts this function mapped before: one call per distinct host. Read without
    /// the GIL by the column kernels too. Bounded: emptied when it holds
    /// [`IDNA_CACHE_MAX`] hosts.
    fn cache(self) -> &'static Mutex<AHashMap<String, String>> {
        static CACHES: OnceLock<[Mutex<AHashMap<String, String>>; 4]> = OnceLock::new();
        &CACHES.get_or_init(|| std::array::from_fn(|_| Mutex::new(AHashMap::new())))[self as usize]
    }
}

pub(super) const IDNA_CACHE_MAX: usize = 4096;

/// The host as `map` mapped it before, if the cache still holds it; else, for a name of
/// simple labels, as the core maps it ([`idna_simple`]), then kept in the cache too: a
/// lookup costs less than the Punycode of a name (measured on `iri`'s hosts, each met
/// again in the next call, one thread: `check` 311 ns a row with the core's answers not
/// kept, 226 kept, 223 when the cache held Python's answers alone).
pub(super) fn idna_cached(map: HostMap, host: &str) -> Option<String> {
    if let Some(hit) = map.cache().lock().ok()?.get(host) {
        return Some(hit.clone());
    }
    let simple = idna_simple(map, host)?;
    keep(map, host, &simple);
    Some(simple)
}

/// `mapped`, the answer of `map` for `host`, into its cache (emptied when full).
fn keep(map: HostMap, host: &str, mapped: &str) {
    if let Ok(mut cache) = map.cache().lock() {
        if cache.len() >= IDNA_CACHE_MAX {
            cache.clear();
        }
        cache.insert(host.to_owned(), mapped.to_owned());
    }
}

/// The host as `map` maps it when the core decides it alone (`crate::idna_simple`: a
/// name of simple labels), and the running Python's Unicode is one the tables hold for
/// (the Python functions read its NFC, Bidi classes and marks); `None`: ask Python.
pub(super) fn idna_simple(map: HostMap, host: &str) -> Option<String> {
    if !UNICODE_OK.load(Ordering::Relaxed) {
        return None;
    }
    match map {
        HostMap::ToAscii => idna_simple::host_to_ascii(host),
        HostMap::ToUnicode => idna_simple::to_unicode(host),
        HostMap::Dns => idna_simple::dns_host(host),
        HostMap::Uts46 => idna_simple::to_ascii(host),
    }
}

/// The host mapped by `map`, the function of `bindings` (none: only the cache is read),
/// from the cache or by one call; `None` when it raises (the caller then defers to the
/// Python twin, which raises the same error).
pub(super) fn idna_map(
    py: Python<'_>,
    bindings: Option<&Bindings>,
    map: HostMap,
    host: &str,
) -> Option<String> {
    if let Some(hit) = idna_cached(map, host) {
        return Some(hit);
    }
    let func = bindings?.maybe(py, map.twin())?;
    let mapped: String = func.bind(py).call1((host,)).ok()?.extract().ok()?;
    keep(map, host, &mapped);
    Some(mapped)
}

static BINDINGS: OnceLock<Bindings> = OnceLock::new();

/// The bindings; when `configure` has not been called (a drop-in unpickled in a worker
/// process that has not touched `iri.NATIVE`), the ones the dispatch in `iri` sets: its
/// loader `iri._twin`.
pub(super) fn bindings(py: Python<'_>) -> PyResult<&'static Bindings> {
    if let Some(b) = BINDINGS.get() {
        return Ok(b);
    }
    let loader = py.import("iri")?.getattr("_twin")?.unbind();
    let builtins = py.import("builtins")?;
    let fresh = Bindings {
        loader: Some(loader),
        slots: std::array::from_fn(|_| OnceLock::new()),
        tuple_new: builtins.getattr("tuple")?.getattr("__new__")?.unbind(),
        object_new: builtins.getattr("object")?.getattr("__new__")?.unbind(),
    };
    let _ = BINDINGS.set(fresh); // or another thread's, made the same way
    BINDINGS
        .get()
        .ok_or_else(|| PyRuntimeError::new_err("iri._native: no bindings"))
}

/// Set the Python twins the drop-in functions defer to, and the value types they build:
/// each by keyword, or `loader(name)` (called once per name, on first need) for those not
/// given. Called once, by the dispatch in `iri` (a second call raises RuntimeError).
#[pyfunction]
#[pyo3(signature = (
    *, loader=None, is_valid=None, check=None, split=None, parse=None, components=None,
    reference=None, resolve=None, to_uri=None, to_iri=None, host_to_ascii=None,
    host_to_unicode=None, normalize=None, dns_host=None, violation=None, to_ascii=None,
))]
#[allow(clippy::too_many_arguments)] // one keyword per Python twin
pub(super) fn configure(
    py: Python<'_>,
    loader: Option<Py<PyAny>>,
    is_valid: Option<Py<PyAny>>,
    check: Option<Py<PyAny>>,
    split: Option<Py<PyAny>>,
    parse: Option<Py<PyAny>>,
    components: Option<Py<PyAny>>,
    reference: Option<Py<PyAny>>,
    resolve: Option<Py<PyAny>>,
    to_uri: Option<Py<PyAny>>,
    to_iri: Option<Py<PyAny>>,
    host_to_ascii: Option<Py<PyAny>>,
    host_to_unicode: Option<Py<PyAny>>,
    normalize: Option<Py<PyAny>>,
    dns_host: Option<Py<PyAny>>,
    violation: Option<Py<PyAny>>,
    to_ascii: Option<Py<PyAny>>,
) -> PyResult<()> {
    let builtins = py.import("builtins")?;
    let tuple_new = builtins.getattr("tuple")?.getattr("__new__")?.unbind();
    let object_new = builtins.getattr("object")?.getattr("__new__")?.unbind();
    let given = [
        is_valid,
        check,
        split,
        parse,
        components,
        reference,
        resolve,
        to_uri,
        to_iri,
        host_to_ascii,
        host_to_unicode,
        normalize,
        dns_host,
        violation,
        to_ascii,
    ];
    let slots: [OnceLock<Py<PyAny>>; 15] = std::array::from_fn(|_| OnceLock::new());
    for (slot, value) in slots.iter().zip(given) {
        if let Some(v) = value {
            let _ = slot.set(v); // a new OnceLock: always empty
        }
    }
    BINDINGS
        .set(Bindings {
            loader,
            slots,
            tuple_new,
            object_new,
        })
        .map_err(|_| PyRuntimeError::new_err("iri._native.configure() was already called"))
}

/// The keyword arguments `rule=`, `zone_id=` as given (for the Python twin).
pub(super) fn kwargs<'py>(
    py: Python<'py>,
    rule: Option<&Bound<'py, PyAny>>,
    zone_id: Option<&Bound<'py, PyAny>>,
) -> PyResult<Option<Bound<'py, PyDict>>> {
    if rule.is_none() && zone_id.is_none() {
        return Ok(None);
    }
    let kw = PyDict::new(py);
    if let Some(r) = rule {
        kw.set_item(intern!(py, "rule"), r)?;
    }
    if let Some(z) = zone_id {
        kw.set_item(intern!(py, "zone_id"), z)?;
    }
    Ok(Some(kw))
}
