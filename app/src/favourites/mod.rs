//! The buyer's favourites and footprints in the browser: the islands of the user centre's
//! `uc-collection` and `uc-footprint` pages (their server-rendered pages are
//! `crate::users::collection` and `crate::users::footprint`), and the rules they share with
//! those pages. The product detail page's collect button is `crate::catalog::collect_product`.

pub mod collection_list;
pub mod footprint_list;
