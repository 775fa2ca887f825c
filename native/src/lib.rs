//! The compiled core of `iri` (`iri._native`): the hot paths of the Python reference,
//! written once more in Rust and proved equal to it by `tests/native/`.
//!
//! Every function of the Python module answers exactly what its Python twin answers, or
//! `None` ("defer": the dispatch then calls the Python function). See `native/README.md`.
#![forbid(unsafe_code)]

pub mod chars;
pub mod clean;
pub mod split;
pub mod ip;
pub mod tables;
pub mod validate;

#[cfg(feature = "python")]
mod python;
