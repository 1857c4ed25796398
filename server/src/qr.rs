//! QR codes as SVG, for whoever shows one: the site's own QR code (`web::qr`), and a gateway's
//! pay code on the checkout counter (`payments::online`) and the development gateway's page.

use qrcode::render::svg;
use qrcode::QrCode;

/// The SVG QR code of `url`, 100 px (the spec's sample QR size).
pub fn qr_svg(url: &str) -> Option<String> {
    let code = QrCode::new(url.as_bytes()).ok()?;
    Some(
        code.render::<svg::Color>()
            .min_dimensions(100, 100)
            .quiet_zone(true)
            .dark_color(svg::Color("#222"))
            .light_color(svg::Color("#fff"))
            .build(),
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn renders_an_svg() {
        let svg = super::qr_svg("http://127.0.0.1:3000/").unwrap();
        assert!(svg.contains("<svg") && svg.contains("</svg>"));
    }
}
