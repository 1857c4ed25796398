//! Demo mall seed.
