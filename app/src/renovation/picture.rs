//! `picture_by`: a banner carousel.

use super::{link, signed_in, text};
use crate::components::banner_carousel::{BannerCarousel, Slide};
use api::renovation::Carousel;
use leptos::prelude::*;

pub(super) fn render(data: &Carousel) -> AnyView {
    let signed_in = signed_in();
    let slides = data
        .img_list
        .iter()
        .map(|img| {
            let target = link(&img.path, img.checked, signed_in);
            Slide {
                img: text(&img.img_url),
                title: text(&img.title),
                new_tab: target.as_ref().is_some_and(|t| t.1),
                href: target.map(|t| t.0),
            }
        })
        .collect();
    view! {
        <div class="container block-picture">
            <BannerCarousel slides=slides height=300 arrows=false />
        </div>
    }
    .into_any()
}
