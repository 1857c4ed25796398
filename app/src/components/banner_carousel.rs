//! The banner carousel as pages use it (spec sections 4 "Carousel" and 9): the slides are
//! rendered here and handed to [`Carousel`] as its children.

use crate::components::carousel::Carousel;
use crate::context::page_ctx;
use leptos::prelude::*;

/// One slide, already resolved to a link.
#[derive(Debug, Clone, PartialEq)]
pub struct Slide {
    pub img: String,
    pub title: String,
    pub href: Option<String>,
    pub new_tab: bool,
}

/// The product a slide links to (`/detail?prodId=12…`), whose status the carousel checks on
/// click before opening it (spec section 2, `widgets/src/carousel.ts`).
pub fn banner_product(href: &str) -> Option<i64> {
    let rest = href.strip_prefix("/detail?prodId=")?;
    rest.split('&').next()?.parse::<i64>().ok().filter(|id| *id > 0)
}

/// A carousel of `slides`, `height` px high (450 on the default home, 300 on decorated
/// pages), with or without arrows (the decorated-home carousel has none).
#[component]
pub fn BannerCarousel(slides: Vec<Slide>, height: u32, arrows: bool) -> impl IntoView {
    let ctx = page_ctx();
    let count = slides.len();
    let slides = slides
        .into_iter()
        .enumerate()
        .map(|(i, slide)| {
            // A slide without a title is still named: it may be the link's only content.
            let alt = if slide.title.trim().is_empty() {
                ctx.t_args("carousel-dot", &[("number", &(i + 1).to_string()), ("count", &count.to_string())])
            } else {
                slide.title
            };
            let img = view! {
                <img src=ctx.picture(&slide.img) alt=alt width="1200" height=height
                    loading=if i == 0 { "eager" } else { "lazy" }
                    fetchpriority=if i == 0 { "high" } else { "auto" } />
            };
            // Only the slide shown can be reached by keyboard and screen readers.
            let inert = i > 0;
            match slide.href {
                Some(href) => view! {
                    <a class="carousel__slide" href=href.clone() inert=inert data-prod-id=banner_product(&href)
                        target=slide.new_tab.then_some("_blank") rel=slide.new_tab.then_some("noopener")>{img}</a>
                }
                .into_any(),
                None => view! { <div class="carousel__slide" inert=inert>{img}</div> }.into_any(),
            }
        })
        .collect_view();
    view! {
        <Carousel count=count height=height arrows=arrows prev_label=ctx.t("carousel-prev")
            next_label=ctx.t("carousel-next")
            dot_label=ctx.t_args("carousel-dot", &[("number", "{number}"), ("count", "{count}")])
            label=ctx.t("carousel-label") off_shelf_label=ctx.t("detail-off-shelf")>
            {slides}
        </Carousel>
    }
}

#[cfg(test)]
mod tests {
    use super::banner_product;

    #[test]
    fn product_banners_are_checked() {
        assert_eq!(banner_product("/detail?prodId=12&bannerEnter=1"), Some(12));
        assert_eq!(banner_product("/shop-index?sid=3"), None);
        assert_eq!(banner_product("/detail?prodId=x"), None);
    }
}
