//! Page-visit tracking (spec section 7, "Analytics": `/flowAnalysisLog`, `/p/flowAnalysisLog`).

pub mod api;
pub mod repo;

pub use api::router;
