//! Search: the header's search box with its suggestions and hot words (the result pages are
//! the catalog's `/list` and the shops' `/shop-list`).

pub mod search_box;
