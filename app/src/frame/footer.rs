//! The footer (spec section 2 "Footer and overlays").

use crate::context::page_ctx;
use leptos::prelude::*;

#[component]
pub fn Footer() -> impl IntoView {
    let ctx = page_ctx();
    let qr = ctx.web(|w| &w.pc_qrcode_img, "/media/qr.svg");
    let copyright = ctx.web(|w| &w.pc_copyright, &ctx.t("footer-copyright"));
    let company = ctx.web(|w| &w.pc_company_name, &ctx.t("site-name"));
    let info = ctx.web(|w| &w.pc_company_info, &ctx.t("footer-company-info"));
    let links = [
        ("/list?st=2", "footer-hot-sale"),
        ("/list?st=1", "footer-new-arrival"),
        ("/group-buy", "footer-group-discount"),
        ("/coupons", "footer-voucher-center"),
        ("/flash-sale", "footer-limited-offer"),
    ];
    view! {
        <footer class="footer" data-testid="footer">
            <div class="container footer__inner">
                <nav class="footer__links" aria-label=ctx.t("footer-nav")>
                    {links.into_iter().map(|(href, key)| view! { <a href=href>{ctx.t(key)}</a> }).collect_view()}
                </nav>
                <div class="footer__about">
                    <strong>{company}</strong>
                    <p>{info}</p>
                    <p class="footer__terms">
                        <a href="/terms-page?sts=1">{ctx.t("footer-terms")}</a>
                        " · "
                        <a href="/terms-page?sts=2">{ctx.t("footer-privacy")}</a>
                    </p>
                </div>
                <figure class="footer__qr" data-testid="footer-qr">
                    <img src=qr alt=ctx.t("header-mobile-mall-qr") width="100" height="100" loading="lazy" />
                    <figcaption>{ctx.t("header-mobile-mall-scan")}</figcaption>
                </figure>
            </div>
            <p class="footer__copyright" data-testid="copyright">{copyright}</p>
        </footer>
    }
}
