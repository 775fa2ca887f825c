//! The Python module `iri._native`: thin bindings over the core. Contract in
//! `native/README.md`. Every function returns exactly what its Python twin returns, or
//! `None` ("defer": call the Python function), and never raises for any argument.

use std::any::Any;
use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};

use pyo3::exceptions::PyRuntimeError;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

use crate::clean as clean_core;
use crate::split as split_core;
use crate::validate::{self, zone_from_name, Rule, Verdict};

/// Whether the running Python's `unicodedata` has the Unicode version of the tables
/// (set once at import; `clean` treats non-ASCII text as "ask Python" otherwise).
static UNICODE_OK: AtomicBool = AtomicBool::new(false);

/// The `&str` of a Python `str` without copying (the UTF-8 that CPython caches), or
/// `None` for a non-`str` or a `str` with a lone surrogate (no UTF-8 exists for it).
fn text_of<'a>(obj: &'a Bound<'_, PyAny>) -> Option<&'a str> {
    obj.cast::<PyString>().ok()?.to_str().ok()
}

/// Runs `f`, a call into the core. A panic there (a bug: nothing should panic) becomes the
/// library's own error, `iri.errors.IRIError` (a ValueError), never PyO3's
/// `PanicException` (a `BaseException`, which `except Exception` would not catch).
fn core<T>(name: &str, f: impl FnOnce() -> T) -> PyResult<T> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|payload| panic_error(name, payload.as_ref()))
}

/// The `IRIError` for a panic of the core in `name` (its message in the text).
fn panic_error(name: &str, payload: &(dyn Any + Send)) -> PyErr {
    let detail = payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_default();
    let message = format!(
        "internal error in iri._native.{name} (a bug: please report it with the input; \
         IRI_NO_EXTENSIONS=1 runs the pure-Python core): {detail}"
    );
    Python::attach(|py| {
        match py
            .import("iri.errors")
            .and_then(|m| m.getattr("IRIError"))
            .and_then(|cls| cls.call1((message.as_str(),)))
        {
            Ok(err) => PyErr::from_value(err),
            Err(_) => PyRuntimeError::new_err(message),
        }
    })
}

/// A panic on purpose, for the tests of [`core`]: with the GIL held, or (`detached=True`)
/// in the part of a chunk function that runs without it. Not part of the API.
#[pyfunction]
#[pyo3(signature = (detached=false))]
fn _test_panic(py: Python<'_>, detached: bool) -> PyResult<()> {
    if detached {
        return py
            .detach(|| catch_unwind(|| panic!("a test panic, detached")))
            .map_err(|payload| panic_error("_test_panic", payload.as_ref()));
    }
    core("_test_panic", || panic!("a test panic"))
}

/// The rule and zone-id options given as `iri.Rule` / `iri.ZoneID` members or their
/// values; `None` for anything else (Python raises its own error).
fn options(
    rule: Option<&Bound<'_, PyAny>>,
    zone_id: Option<&Bound<'_, PyAny>>,
) -> Option<(Rule, bool)> {
    let rule = match rule {
        None => Rule::IriReference,
        Some(r) => Rule::from_name(text_of(r)?)?,
    };
    let zone = match zone_id {
        None => false,
        Some(z) => zone_from_name(text_of(z)?)?,
    };
    Some((rule, zone))
}

/// The component `text[a..b]` as a Python `str`: the argument itself when it is all of
/// it (no copy), else a new `str`.
fn piece<'py>(
    py: Python<'py>,
    whole: &Bound<'py, PyAny>,
    text: &str,
    span: Option<(usize, usize)>,
) -> Bound<'py, PyAny> {
    match span {
        None => py.None().into_bound(py),
        // the argument itself only when it is an exact `str` (a subclass must not leak
        // into the components: Python's slices and groups are exact `str`s)
        Some((0, b)) if b == text.len() && whole.is_exact_instance_of::<PyString>() => {
            whole.clone()
        }
        Some((a, b)) => PyString::new(py, &text[a..b]).into_any(),
    }
}

/// A result as a Python `str`: the argument itself when the result is its text and it is
/// an exact `str` (no new object, as the Python functions return `text` unchanged).
fn result_str<'py>(
    py: Python<'py>,
    arg: &Bound<'py, PyAny>,
    arg_text: &str,
    result: &str,
) -> Bound<'py, PyAny> {
    if result == arg_text && arg.is_exact_instance_of::<PyString>() {
        arg.clone()
    } else {
        PyString::new(py, result).into_any()
    }
}

/// The scheme as a Python `str`: the common ones as interned strings (no allocation for
/// nearly every web address), the others new.
fn scheme_str<'py>(py: Python<'py>, scheme: &str) -> Bound<'py, PyAny> {
    let interned = match scheme {
        "http" => intern!(py, "http"),
        "https" => intern!(py, "https"),
        "ftp" => intern!(py, "ftp"),
        "mailto" => intern!(py, "mailto"),
        "file" => intern!(py, "file"),
        "urn" => intern!(py, "urn"),
        "data" => intern!(py, "data"),
        _ => return PyString::new(py, scheme).into_any(),
    };
    interned.clone().into_any()
}

/// The eight groups as Python objects, the scheme by [`scheme_str`] (a scheme never is
/// the whole text: a ":" follows it).
fn groups<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    s: &str,
    g: &validate::Groups,
) -> [Bound<'py, PyAny>; 8] {
    let spans = g.as_array();
    std::array::from_fn(|k| match (k, spans[k]) {
        (0, Some((a, b))) => scheme_str(py, &s[a..b]),
        (_, span) => piece(py, text, s, span),
    })
}

/// `iri.is_valid(text, rule=rule, zone_id=zone_id)`, or `None` to defer: a non-`str`, a
/// lone surrogate, an unknown option, or a host whose percent-encoded UTF-8 must be
/// checked as an IDN (UTS #46 ToASCII, the idna package).
#[pyfunction]
#[pyo3(signature = (text, rule=None, zone_id=None))]
fn is_valid(
    text: &Bound<'_, PyAny>,
    rule: Option<&Bound<'_, PyAny>>,
    zone_id: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<bool>> {
    let (Some(s), Some((rule, zone))) = (text_of(text), options(rule, zone_id)) else {
        return Ok(None);
    };
    Ok(
        match core("is_valid", || validate::validate(s, rule, zone))? {
            Verdict::Valid(_) => Some(true),
            Verdict::Invalid => Some(false),
            Verdict::Defer(_) => None,
        },
    )
}

/// `True` only when `iri.check(text, rule=rule, zone_id=zone_id)` returns `[]`; `False`
/// means "ask Python" (it may or may not find something).
#[pyfunction]
#[pyo3(signature = (text, rule=None, zone_id=None))]
fn clean(
    py: Python<'_>,
    text: &Bound<'_, PyAny>,
    rule: Option<&Bound<'_, PyAny>>,
    zone_id: Option<&Bound<'_, PyAny>>,
) -> PyResult<bool> {
    let (Some(s), Some((rule, zone))) = (text_of(text), options(rule, zone_id)) else {
        return Ok(false);
    };
    let unicode_ok = UNICODE_OK.load(Ordering::Relaxed);
    let verdict = core("clean", || clean_core::clean(s, rule, zone, unicode_ok))?;
    Ok(clean_answer(py, s, verdict))
}

/// The final answer of [`clean_core::clean`]: a non-ASCII host is clean when the IDNA
/// function of `to_uri` (`host_to_ascii`, cached per host) converts it to labels that
/// leave nothing to say ([`clean_core::idn_converted`]); `false` when it raises or is not
/// configured (then Python checks the text).
fn clean_answer(py: Python<'_>, text: &str, verdict: clean_core::Clean) -> bool {
    match verdict {
        clean_core::Clean::No => false,
        clean_core::Clean::Yes => true,
        clean_core::Clean::IfHostConverts(a, b) => {
            let host = &text[a..b];
            let f = BINDINGS.get().and_then(|b| b.maybe(py, Twin::HostToAscii));
            idna_map(py, f, 0, host).is_some_and(|ascii| clean_core::idn_converted(host, &ascii))
        }
    }
}

/// The fields of `iri.split(text)` as a 5-tuple (scheme, authority, path, query,
/// fragment), or `None` for a non-`str` or a lone surrogate.
#[pyfunction]
fn split<'py>(py: Python<'py>, text: &Bound<'py, PyAny>) -> PyResult<Option<Bound<'py, PyTuple>>> {
    let Some(s) = text_of(text) else {
        return Ok(None);
    };
    let p = core("split", || split_core::split(s))?;
    let items = [
        match p.scheme {
            Some((a, b)) => scheme_str(py, &s[a..b]), // a ":" follows: never all of it
            None => py.None().into_bound(py),
        },
        piece(py, text, s, p.authority),
        piece(py, text, s, Some(p.path)),
        piece(py, text, s, p.query),
        piece(py, text, s, p.fragment),
    ];
    PyTuple::new(py, items).map(Some)
}

/// The groups `iri.parse` builds an `IRIReference` from, as an 8-tuple (scheme,
/// authority, userinfo, host, port, path, query, fragment), when `text` is valid for the
/// rule; `None` otherwise (invalid: Python raises `InvalidIRI`; or deferred as for
/// [`is_valid`]).
#[pyfunction]
#[pyo3(signature = (text, rule=None, zone_id=None))]
fn parse_groups<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    rule: Option<&Bound<'py, PyAny>>,
    zone_id: Option<&Bound<'py, PyAny>>,
) -> PyResult<Option<Bound<'py, PyTuple>>> {
    let (Some(s), Some((rule, zone))) = (text_of(text), options(rule, zone_id)) else {
        return Ok(None);
    };
    let Verdict::Valid(g) = core("parse_groups", || validate::validate(s, rule, zone))? else {
        return Ok(None);
    };
    let items = groups(py, text, s, &g);
    PyTuple::new(py, items).map(Some)
}

/// For a chunk of lines (a list of `str`): one byte per line, 1 when `check(line, rule=...,
/// zone_id=...)` is `[]` (as [`clean`]), 0 when Python must check it. The lines are read
/// without the GIL held. `None` for an unknown option.
#[pyfunction]
#[pyo3(signature = (lines, rule=None, zone_id=None))]
fn clean_lines<'py>(
    py: Python<'py>,
    lines: &Bound<'py, PyList>,
    rule: Option<&Bound<'py, PyAny>>,
    zone_id: Option<&Bound<'py, PyAny>>,
) -> PyResult<Option<Vec<u8>>> {
    let Some((rule, zone)) = options(rule, zone_id) else {
        return Ok(None);
    };
    let items: Vec<Bound<'py, PyAny>> = lines.iter().collect();
    let texts: Vec<Option<&str>> = items.iter().map(text_of).collect();
    let unicode_ok = UNICODE_OK.load(Ordering::Relaxed);
    let verdicts: Vec<clean_core::Clean> = detached(py, "clean_lines", || {
        texts
            .iter()
            .map(|t| match t {
                Some(s) => clean_core::clean(s, rule, zone, unicode_ok),
                None => clean_core::Clean::No,
            })
            .collect()
    })?;
    // the hosts to ask IDNA about (cached), with the GIL held again
    Ok(Some(
        verdicts
            .into_iter()
            .zip(&texts)
            .map(|(v, t)| u8::from(clean_answer(py, t.unwrap_or_default(), v)))
            .collect(),
    ))
}

/// [`core`] for the work of a chunk function, run with the GIL released.
fn detached<T: Send>(py: Python<'_>, name: &str, f: impl FnOnce() -> T + Send) -> PyResult<T> {
    py.detach(|| catch_unwind(AssertUnwindSafe(f)))
        .map_err(|payload| panic_error(name, payload.as_ref()))
}

/// `iri check`'s chunk loop (`iri.cli.syntax`), its common case done here: for a chunk of
/// lines, the output of every line with nothing to report (`clean`, or with `errors_only`
/// no error: `is_valid`) that is printable ASCII (shown as it is): `{prefix}{number}: {ok}
/// {line}\n` (no location when `first` is 0: arguments), nothing when `quiet`. Returns
/// `(pieces, todo)`: `todo` the indices of the other lines, which the caller checks in
/// Python, and `pieces` the output around them (`len(todo) + 1` strings: the output
/// before the first, between each two, after the last). All of it with the GIL released.
/// `None` for an unknown option or a `prefix` that is not text.
#[pyfunction]
#[pyo3(signature = (lines, rule, zone_id, *, errors_only, first, prefix, ok, quiet))]
#[allow(clippy::too_many_arguments)] // one per option of the command
fn check_lines<'py>(
    py: Python<'py>,
    lines: &Bound<'py, PyList>,
    rule: &Bound<'py, PyAny>,
    zone_id: &Bound<'py, PyAny>,
    errors_only: bool,
    first: usize,
    prefix: &Bound<'py, PyAny>,
    ok: &Bound<'py, PyAny>,
    quiet: bool,
) -> PyResult<Option<(Vec<String>, Vec<usize>)>> {
    let (Some((rule, zone)), Some(prefix), Some(ok)) = (
        options(Some(rule), Some(zone_id)),
        text_of(prefix),
        text_of(ok),
    ) else {
        return Ok(None);
    };
    let items: Vec<Bound<'py, PyAny>> = lines.iter().collect();
    let texts: Vec<Option<&str>> = items.iter().map(text_of).collect();
    let unicode_ok = UNICODE_OK.load(Ordering::Relaxed);
    detached(py, "check_lines", || {
        let mut pieces = vec![String::new()];
        let mut todo = Vec::new();
        for (i, t) in texts.iter().enumerate() {
            let done = t.filter(|s| {
                s.bytes().all(|b| (0x20..0x7f).contains(&b))
                    && if errors_only {
                        matches!(validate::validate(s, rule, zone), Verdict::Valid(_))
                    } else {
                        clean_core::clean(s, rule, zone, unicode_ok) == clean_core::Clean::Yes
                    }
            });
            match (done, pieces.last_mut()) {
                (Some(line), Some(out)) => {
                    if !quiet {
                        if first > 0 {
                            out.push_str(prefix);
                            out.push_str(&(first + i).to_string());
                            out.push_str(": ");
                        }
                        out.push_str(ok);
                        out.push_str(line);
                        out.push('\n');
                    }
                }
                _ => {
                    todo.push(i);
                    pieces.push(String::new());
                }
            }
        }
        (pieces, todo)
    })
    .map(Some)
}

/// The Python objects the drop-in functions hand over to (the twins) or build (the types),
/// by name: `configure` gives them directly (keywords) or a `loader` that returns one for
/// its name on first need, so that the dispatch in `iri` imports no module a call does not
/// use (the start-up target of issue 12).
#[derive(Clone, Copy)]
enum Twin {
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
}

const TWINS: [&str; 13] = [
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
];

struct Bindings {
    /// `loader(name)`: the object of that name, asked for once (`None`: keywords only).
    loader: Option<Py<PyAny>>,
    slots: [OnceLock<Py<PyAny>>; 13],
    /// `tuple.__new__` (a `Components` from a tuple) and `object.__new__` (an
    /// `IRIReference` made as `iri.parse` makes it).
    tuple_new: Py<PyAny>,
    object_new: Py<PyAny>,
}

impl Bindings {
    /// The object bound to `twin`: given to `configure`, or loaded once by the loader.
    fn get<'s>(&'s self, py: Python<'_>, twin: Twin) -> PyResult<&'s Py<PyAny>> {
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
    fn maybe(&self, py: Python<'_>, twin: Twin) -> Option<&Py<PyAny>> {
        self.get(py, twin).ok()
    }
}

/// Hosts already mapped by the Python IDNA functions (3987bis 3.4.2, 4.2 step 7): one call
/// per distinct host. Bounded: emptied when full.
static IDNA_CACHE: Mutex<Option<HashMap<(u8, String), String>>> = Mutex::new(None);
const IDNA_CACHE_MAX: usize = 4096;

/// The host mapped by `func` (`kind`: 0 host_to_ascii, 1 to_unicode, 2 dns_host), from
/// the cache or by one call; `None` when it raises (the caller then defers to the Python
/// twin, which raises the same error).
fn idna_map(py: Python<'_>, func: Option<&Py<PyAny>>, kind: u8, host: &str) -> Option<String> {
    let key = (kind, host.to_owned());
    if let Ok(cache) = IDNA_CACHE.lock() {
        if let Some(hit) = cache.as_ref().and_then(|c| c.get(&key)) {
            return Some(hit.clone());
        }
    }
    let mapped: String = func?.bind(py).call1((host,)).ok()?.extract().ok()?;
    if let Ok(mut cache) = IDNA_CACHE.lock() {
        let c = cache.get_or_insert_with(HashMap::new);
        if c.len() >= IDNA_CACHE_MAX {
            c.clear();
        }
        c.insert(key, mapped.clone());
    }
    Some(mapped)
}

static BINDINGS: OnceLock<Bindings> = OnceLock::new();

/// The bindings; when `configure` has not been called (a drop-in unpickled in a worker
/// process that has not touched `iri.NATIVE`), the ones the dispatch in `iri` sets: its
/// loader `iri._twin`.
fn bindings(py: Python<'_>) -> PyResult<&'static Bindings> {
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
    host_to_unicode=None, normalize=None, dns_host=None,
))]
#[allow(clippy::too_many_arguments)] // one keyword per Python twin
fn configure(
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
    ];
    let slots: [OnceLock<Py<PyAny>>; 13] = std::array::from_fn(|_| OnceLock::new());
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
fn kwargs<'py>(
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

/// Drop-in `iri.is_valid(text, *, rule=..., zone_id=...)`: the native answer, or the
/// Python twin's (which also raises the TypeError / ValueError of bad arguments).
#[pyfunction]
#[pyo3(name = "api_is_valid", signature = (text, *, rule=None, zone_id=None))]
fn api_is_valid<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    rule: Option<&Bound<'py, PyAny>>,
    zone_id: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    if let Some(answer) = is_valid(text, rule, zone_id)? {
        return Ok(pyo3::types::PyBool::new(py, answer).to_owned().into_any());
    }
    bindings(py)?
        .get(py, Twin::IsValid)?
        .bind(py)
        .call((text,), kwargs(py, rule, zone_id)?.as_ref())
}

/// Drop-in `iri.check(text, *, rule=..., zone_id=..., limit=...)`: `[]` when [`clean`]
/// says so (and no `limit` is given: the twin validates it), else the Python twin.
#[pyfunction]
#[pyo3(name = "api_check", signature = (text, *, rule=None, zone_id=None, **rest))]
fn api_check<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    rule: Option<&Bound<'py, PyAny>>,
    zone_id: Option<&Bound<'py, PyAny>>,
    rest: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    if rest.is_none() && clean(py, text, rule, zone_id)? {
        return Ok(PyList::empty(py).into_any());
    }
    let b = bindings(py)?;
    let kw = kwargs(py, rule, zone_id)?;
    let kw = match (kw, rest) {
        (Some(k), Some(r)) => {
            k.update(r.as_mapping())?;
            Some(k)
        }
        (None, Some(r)) => Some(r.clone()),
        (k, None) => k,
    };
    b.get(py, Twin::Check)?.bind(py).call((text,), kw.as_ref())
}

/// Drop-in `iri.split(text)`: a `Components` made natively, or the Python twin's.
#[pyfunction]
#[pyo3(name = "api_split")]
fn api_split<'py>(py: Python<'py>, text: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let b = bindings(py)?;
    match split(py, text)? {
        Some(t) => b
            .tuple_new
            .bind(py)
            .call1((b.get(py, Twin::Components)?.bind(py), t)),
        None => b.get(py, Twin::Split)?.bind(py).call1((text,)),
    }
}

/// Drop-in `iri.parse(text, *, rule=..., zone_id=...)`: an `IRIReference` made as
/// `iri.parse` makes it (its slots set from the groups), or the Python twin's answer
/// (its `InvalidIRI` for an invalid text).
#[pyfunction]
#[pyo3(name = "api_parse", signature = (text, *, rule=None, zone_id=None))]
fn api_parse<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    rule: Option<&Bound<'py, PyAny>>,
    zone_id: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let b = bindings(py)?;
    if let (Some(s), Some((r, z))) = (text_of(text), options(rule, zone_id)) {
        if let Verdict::Valid(g) = core("api_parse", || validate::validate(s, r, z))? {
            let reference = b.get(py, Twin::Reference)?.bind(py);
            let value = b.object_new.bind(py).call1((reference,))?;
            let names = [
                intern!(py, "_scheme"),
                intern!(py, "_authority"),
                intern!(py, "_userinfo"),
                intern!(py, "_host"),
                intern!(py, "_port"),
                intern!(py, "_path"),
                intern!(py, "_query"),
                intern!(py, "_fragment"),
            ];
            value.setattr(intern!(py, "_text"), text)?;
            for (name, item) in names.into_iter().zip(groups(py, text, s, &g)) {
                value.setattr(name, item)?;
            }
            return Ok(value);
        }
    }
    b.get(py, Twin::Parse)?
        .bind(py)
        .call((text,), kwargs(py, rule, zone_id)?.as_ref())
}

/// `iri.resolve(base, reference)` with the default options (RFC 3986 5.2, strict,
/// both arguments validated), or `None` to defer: a non-`str`, a lone surrogate, an
/// invalid argument, a base without a scheme, a host with escaped UTF-8.
#[pyfunction]
fn resolve(base: &Bound<'_, PyAny>, reference: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    let (Some(b), Some(r)) = (text_of(base), text_of(reference)) else {
        return Ok(None);
    };
    core("resolve", || crate::resolve::resolve(b, r))
}

/// Drop-in `iri.resolve(base, reference, **options)`: native for the default options,
/// the Python twin otherwise and on a deferral (its errors included).
#[pyfunction]
#[pyo3(name = "api_resolve", signature = (base, reference, **options))]
fn api_resolve<'py>(
    py: Python<'py>,
    base: &Bound<'py, PyAny>,
    reference: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    if options.is_none() {
        if let (Some(t), Some(r)) = (resolve(base, reference)?, text_of(reference)) {
            return Ok(result_str(py, reference, r, &t));
        }
    }
    bindings(py)?
        .get(py, Twin::Resolve)?
        .bind(py)
        .call((base, reference), options)
}

/// `iri.to_uri(text)` with the default options, or `None` to defer: a non-`str`, a lone
/// surrogate, an invalid text, or a non-ASCII host of a DNS scheme (IDNA is Python's).
#[pyfunction]
fn to_uri(text: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    let Some(s) = text_of(text) else {
        return Ok(None);
    };
    core("to_uri", || crate::convert::to_uri(s, &mut |_| None))
}

/// `iri.to_iri(text)` with the default options, or `None` to defer (as [`to_uri`]; the
/// IDNA step is any host of a DNS scheme with "%" or "xn--" in its authority).
#[pyfunction]
fn to_iri(text: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    let Some(s) = text_of(text) else {
        return Ok(None);
    };
    core("to_iri", || crate::convert::to_iri(s, &mut |_| None))
}

/// Drop-in `iri.to_uri(text, **options)`: native for the default options (hosts mapped
/// by the configured `host_to_ascii`, once per distinct host), else the Python twin.
#[pyfunction]
#[pyo3(name = "api_to_uri", signature = (text, **options))]
fn api_to_uri<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let b = bindings(py)?;
    if let (None, Some(s)) = (options, text_of(text)) {
        let f = b.maybe(py, Twin::HostToAscii);
        let mapped = core("api_to_uri", || {
            crate::convert::to_uri(s, &mut |h| idna_map(py, f, 0, h))
        })?;
        if let Some(t) = mapped {
            return Ok(result_str(py, text, s, &t));
        }
    }
    b.get(py, Twin::ToUri)?.bind(py).call((text,), options)
}

/// Drop-in `iri.to_iri(text, **options)`: native for the default options (DNS hosts
/// mapped by the configured `host_to_unicode`, once per distinct host), else the twin.
#[pyfunction]
#[pyo3(name = "api_to_iri", signature = (text, **options))]
fn api_to_iri<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let b = bindings(py)?;
    if let (None, Some(s)) = (options, text_of(text)) {
        let f = b.maybe(py, Twin::HostToUnicode);
        let mapped = core("api_to_iri", || {
            crate::convert::to_iri(s, &mut |h| idna_map(py, f, 1, h))
        })?;
        if let Some(t) = mapped {
            return Ok(result_str(py, text, s, &t));
        }
    }
    b.get(py, Twin::ToIri)?.bind(py).call((text,), options)
}

fn level_of(level: Option<&Bound<'_, PyAny>>) -> Option<crate::normalize::Level> {
    match level {
        None => Some(crate::normalize::Level::Syntax),
        Some(l) => crate::normalize::Level::from_name(text_of(l)?),
    }
}

/// `iri.normalize(text, level=level)` ("syntax" or "scheme", no other option), or `None`
/// to defer: a non-`str`, a lone surrogate, an invalid text, another level, a host with
/// escaped UTF-8, a DNS host with non-ASCII or "xn--" at the scheme level (IDNA is
/// Python's), a `mailto` path at the scheme level.
#[pyfunction]
#[pyo3(signature = (text, level=None))]
fn normalize(
    text: &Bound<'_, PyAny>,
    level: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<String>> {
    let (Some(s), Some(lvl)) = (text_of(text), level_of(level)) else {
        return Ok(None);
    };
    core("normalize", || {
        crate::normalize::normalize(s, lvl, &mut |_| None)
    })
}

/// Drop-in `iri.normalize(text, *, level=..., **options)`: native for the syntax and
/// scheme levels without other options (DNS hosts mapped by the configured `dns_host`,
/// once per distinct host), else the Python twin.
#[pyfunction]
#[pyo3(name = "api_normalize", signature = (text, *, level=None, **options))]
fn api_normalize<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    level: Option<&Bound<'py, PyAny>>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let b = bindings(py)?;
    if let (None, Some(s), Some(lvl)) = (options, text_of(text), level_of(level)) {
        let f = b.maybe(py, Twin::DnsHost);
        let normal = core("api_normalize", || {
            crate::normalize::normalize(s, lvl, &mut |h| idna_map(py, f, 2, h))
        })?;
        if let Some(t) = normal {
            return Ok(result_str(py, text, s, &t));
        }
    }
    let kw = match (level, options) {
        (None, o) => o.cloned(),
        (Some(l), o) => {
            let kw = o.cloned().unwrap_or_else(|| PyDict::new(py));
            kw.set_item(intern!(py, "level"), l)?;
            Some(kw)
        }
    };
    b.get(py, Twin::Normalize)?
        .bind(py)
        .call((text,), kw.as_ref())
}

/// For a chunk of lines: one byte per line, 1 when `is_valid(line, rule=..., zone_id=...)`
/// (no error: `iri check --errors-only` has nothing to say), 0 when it is not, 2 when
/// Python must decide (as [`is_valid`]'s `None`). Without the GIL. `None` for an unknown
/// option.
#[pyfunction]
#[pyo3(signature = (lines, rule=None, zone_id=None))]
fn valid_lines<'py>(
    py: Python<'py>,
    lines: &Bound<'py, PyList>,
    rule: Option<&Bound<'py, PyAny>>,
    zone_id: Option<&Bound<'py, PyAny>>,
) -> PyResult<Option<Vec<u8>>> {
    let Some((rule, zone)) = options(rule, zone_id) else {
        return Ok(None);
    };
    let items: Vec<Bound<'py, PyAny>> = lines.iter().collect();
    let texts: Vec<Option<&str>> = items.iter().map(text_of).collect();
    detached(py, "valid_lines", || {
        texts
            .iter()
            .map(|t| match t.map(|s| validate::validate(s, rule, zone)) {
                Some(Verdict::Valid(_)) => 1,
                Some(Verdict::Invalid) => 0,
                _ => 2,
            })
            .collect()
    })
    .map(Some)
}

/// For a chunk of lines: `normalize(line, level=level)` of each (a list of `str`), `None`
/// where Python must answer (as [`normalize`]'s `None`: invalid lines included, so that
/// Python reports them). Without the GIL. `None` for an unknown level.
#[pyfunction]
#[pyo3(signature = (lines, level=None))]
fn normalize_lines<'py>(
    py: Python<'py>,
    lines: &Bound<'py, PyList>,
    level: Option<&Bound<'py, PyAny>>,
) -> PyResult<Option<Bound<'py, PyList>>> {
    let Some(lvl) = level_of(level) else {
        return Ok(None);
    };
    let items: Vec<Bound<'py, PyAny>> = lines.iter().collect();
    let texts: Vec<Option<&str>> = items.iter().map(text_of).collect();
    let out: Vec<Option<String>> = detached(py, "normalize_lines", || {
        texts
            .iter()
            .map(|t| t.and_then(|s| crate::normalize::normalize(s, lvl, &mut |_| None)))
            .collect()
    })?;
    let out: Vec<Option<Bound<'py, PyAny>>> = out
        .into_iter()
        .zip(items.iter().zip(&texts))
        .map(|(r, (item, t))| r.map(|r| result_str(py, item, t.unwrap_or_default(), &r)))
        .collect();
    PyList::new(py, out).map(Some)
}

/// The answer of the core's percent-encoder as a Python `str`: the argument itself when
/// nothing was encoded and it is an exact `str`.
fn encoded<'py>(
    py: Python<'py>,
    arg: &Bound<'py, PyAny>,
    out: std::borrow::Cow<'_, str>,
) -> Bound<'py, PyAny> {
    match out {
        std::borrow::Cow::Borrowed(_) if arg.is_exact_instance_of::<PyString>() => arg.clone(),
        out => PyString::new(py, &out).into_any(),
    }
}

/// `iri.syntax.percent.encode(text, sets.<set_name>, keep_escapes=, space_as_plus=)`
/// (`set_name` as in `iri.syntax.percent.sets`, `NAME.uri` for a URI form), or `None` to
/// defer: a non-`str` or a subclass of `str`, a lone surrogate (escaped octet or error:
/// Python's), an unknown set name. The options are read as Python reads them (truthiness).
#[pyfunction]
#[pyo3(signature = (text, set_name, keep_escapes=None, space_as_plus=None))]
fn encode<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    set_name: &Bound<'py, PyAny>,
    keep_escapes: Option<&Bound<'py, PyAny>>,
    space_as_plus: Option<&Bound<'py, PyAny>>,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    let (Some(s), Some(set)) = (
        text_of(text).filter(|_| text.is_exact_instance_of::<PyString>()),
        text_of(set_name).and_then(crate::percent::named),
    ) else {
        return Ok(None);
    };
    let keep = keep_escapes
        .map(|k| k.is_truthy())
        .transpose()?
        .unwrap_or(false);
    let plus = space_as_plus
        .map(|p| p.is_truthy())
        .transpose()?
        .unwrap_or(false);
    let out = core("encode", || crate::percent::encode(s, &set, keep, plus))?;
    Ok(Some(encoded(py, text, out)))
}

/// The encoder of one named set (`EncodeSet.encoder` / `encoder_plus`), callable with one
/// text: the native answer, or `fallback(text)` (the Python encoder) where it defers.
#[pyclass(frozen, module = "iri._native")]
struct Encoder {
    set: crate::percent::EncodeSet,
    plus: bool,
    fallback: Py<PyAny>,
}

#[pymethods]
impl Encoder {
    fn __call__<'py>(
        &self,
        py: Python<'py>,
        text: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        // an exact `str` only: the Python encoders return a subclass argument itself in
        // some cases and a new `str` in others (Python answers those)
        match text_of(text).filter(|_| text.is_exact_instance_of::<PyString>()) {
            Some(s) => {
                let out = core("encoder", || {
                    crate::percent::encode(s, &self.set, false, self.plus)
                })?;
                Ok(encoded(py, text, out))
            }
            None => self.fallback.bind(py).call1((text,)),
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "<iri._native.Encoder {}{}>",
            self.set.name,
            if self.plus { " +" } else { "" }
        )
    }
}

/// `Encoder` of the set `set_name` (space written `+` with `space_as_plus`), deferring
/// to `fallback`; `None` for an unknown set name.
#[pyfunction]
fn encoder(
    set_name: &Bound<'_, PyAny>,
    space_as_plus: bool,
    fallback: Py<PyAny>,
) -> Option<Encoder> {
    let set = text_of(set_name).and_then(crate::percent::named)?;
    Some(Encoder {
        set,
        plus: space_as_plus,
        fallback,
    })
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    let version: String = py
        .import("unicodedata")?
        .getattr("unidata_version")?
        .extract()?;
    UNICODE_OK.store(version == crate::tables::UNICODE_VERSION, Ordering::Relaxed);
    m.add("UNICODE_VERSION", crate::tables::UNICODE_VERSION)?;
    m.add("UNICODE_OK", version == crate::tables::UNICODE_VERSION)?;
    m.add_function(wrap_pyfunction!(is_valid, m)?)?;
    m.add_function(wrap_pyfunction!(clean, m)?)?;
    m.add_function(wrap_pyfunction!(split, m)?)?;
    m.add_function(wrap_pyfunction!(parse_groups, m)?)?;
    m.add_function(wrap_pyfunction!(clean_lines, m)?)?;
    m.add_function(wrap_pyfunction!(configure, m)?)?;
    m.add_function(wrap_pyfunction!(resolve, m)?)?;
    m.add_function(wrap_pyfunction!(api_resolve, m)?)?;
    m.add_function(wrap_pyfunction!(to_uri, m)?)?;
    m.add_function(wrap_pyfunction!(to_iri, m)?)?;
    m.add_function(wrap_pyfunction!(api_to_uri, m)?)?;
    m.add_function(wrap_pyfunction!(api_to_iri, m)?)?;
    m.add_function(wrap_pyfunction!(normalize, m)?)?;
    m.add_function(wrap_pyfunction!(api_normalize, m)?)?;
    m.add_function(wrap_pyfunction!(valid_lines, m)?)?;
    m.add_function(wrap_pyfunction!(normalize_lines, m)?)?;
    m.add_function(wrap_pyfunction!(api_is_valid, m)?)?;
    m.add_function(wrap_pyfunction!(api_check, m)?)?;
    m.add_function(wrap_pyfunction!(api_split, m)?)?;
    m.add_function(wrap_pyfunction!(api_parse, m)?)?;
    m.add_function(wrap_pyfunction!(_test_panic, m)?)?;
    m.add_function(wrap_pyfunction!(check_lines, m)?)?;
    m.add_function(wrap_pyfunction!(encode, m)?)?;
    m.add_function(wrap_pyfunction!(encoder, m)?)?;
    m.add_class::<Encoder>()?;
    Ok(())
}
