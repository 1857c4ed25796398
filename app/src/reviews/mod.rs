//! Product reviews: `/write-comments?orderNumber=` (each item of a received order with its
//! score, text, pictures and anonymous choice; spec section 2), `/user-center/uc-comments`
//! (the buyer's reviews, a page at a time) and the reviews section of the product detail
//! page (average, count, the reviews with their pictures, pages by links).
//!
//! - `form.rs`: the island of one item's review (the browser posts `POST /p/prodComm`);
//! - `pages.rs`: the server-rendered pages and the detail page's section.

pub mod form;
#[cfg(feature = "ssr")]
pub mod pages;

/// Five stars, `score` of them filled, as text (`★★★★☆`).
pub fn stars(score: i32) -> String {
    let filled = score.clamp(0, 5) as usize;
    format!("{}{}", "★".repeat(filled), "☆".repeat(5 - filled))
}

#[cfg(test)]
mod tests {
    #[test]
    fn stars_fill_by_score() {
        assert_eq!(super::stars(4), "★★★★☆");
        assert_eq!(super::stars(0), "☆☆☆☆☆");
        assert_eq!(super::stars(9), "★★★★★");
    }
}
