//! The PDF of an issued invoice, made on request from the stored invoice and its order (so it
//! always shows what the database holds and nothing is stored twice).
//!
//! Text is drawn with two TrueType fonts embedded as subsets: Noto Sans SC (Latin and Chinese)
//! and Noto Sans Khmer (Khmer and Latin), from the npm packages `@expo-google-fonts/noto-sans-sc`
//! and `@expo-google-fonts/noto-sans-khmer` that `npm ci` installs (SIL Open Font License). A
//! piece of text with any Khmer letter is drawn in Noto Sans Khmer, shaped (its vowels and
//! subscripts placed), any other in Noto Sans SC. The fonts are found in
//! `MALL_INVOICE_FONT_DIR` when set, else in `node_modules/@expo-google-fonts` of the working
//! directory or one of its parents, or of the server binary's; read once.

use api::invoices::{header_type, OrderInvoice};
use api::money::Price;
use api::orders::OrderDetail;
use i18n::Lang;
use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point, Rect};
use krilla::metadata::Metadata;
use krilla::num::NormalizedF32;
use krilla::page::PageSettings;
use krilla::paint::Fill;
use krilla::surface::Surface;
use krilla::text::{Font, TextDirection};
use krilla::Document;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// A time as the pages show it (in the mall's time zone).
fn date_time_text(ms: i64) -> String {
    api::calendar::mall_time_of_ms(ms).date_time_text()
}

const SC_FILE: &str = "noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf";
const KHMER_FILE: &str = "noto-sans-khmer/400Regular/NotoSansKhmer_400Regular.ttf";

/// The two fonts, read once.
struct Fonts {
    sc: Arc<Vec<u8>>,
    khmer: Arc<Vec<u8>>,
    sc_font: Font,
    khmer_font: Font,
}

/// Where the fonts' packages are.
fn font_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("MALL_INVOICE_FONT_DIR") {
        return Some(PathBuf::from(dir));
    }
    let mut starts: Vec<PathBuf> = Vec::new();
    if let Ok(dir) = std::env::current_dir() {
        starts.push(dir);
    }
    if let Some(dir) = std::env::current_exe().ok().and_then(|exe| exe.parent().map(Path::to_path_buf)) {
        starts.push(dir);
    }
    starts
        .iter()
        .flat_map(|start| start.ancestors())
        .map(|dir| dir.join("node_modules/@expo-google-fonts"))
        .find(|dir| dir.join(SC_FILE).is_file() && dir.join(KHMER_FILE).is_file())
}

fn load() -> Option<Fonts> {
    let dir = font_dir()?;
    let read = |file: &str| std::fs::read(dir.join(file)).map(Arc::new);
    let (sc, khmer) = match (read(SC_FILE), read(KHMER_FILE)) {
        (Ok(sc), Ok(khmer)) => (sc, khmer),
        (Err(e), _) | (_, Err(e)) => {
            tracing::error!("invoice fonts in {}: {e}", dir.display());
            return None;
        }
    };
    let sc_font = Font::new(sc.clone().into(), 0)?;
    let khmer_font = Font::new(khmer.clone().into(), 0)?;
    Some(Fonts { sc, khmer, sc_font, khmer_font })
}

fn fonts() -> Option<&'static Fonts> {
    static FONTS: OnceLock<Option<Fonts>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let fonts = load();
            if fonts.is_none() {
                tracing::error!("invoice PDFs need the fonts of `npm ci` (node_modules/@expo-google-fonts) or MALL_INVOICE_FONT_DIR");
            }
            fonts
        })
        .as_ref()
}

/// Whether the fonts are there (the PDF can be made).
pub fn available() -> bool {
    fonts().is_some()
}

fn is_khmer(c: char) -> bool {
    matches!(c, '\u{1780}'..='\u{17FF}' | '\u{19E0}'..='\u{19FF}')
}

/// The amount as the order records it: US dollars with two decimals (`$1,234.50`).
pub fn usd(amount: Price) -> String {
    let sign = if amount.0 < 0 { "-" } else { "" };
    let cents = amount.0.unsigned_abs();
    let whole = (cents / 100).to_string();
    let mut grouped = String::new();
    for (i, digit) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    format!("{sign}${grouped}.{:02}", cents % 100)
}

/// The page being drawn, with its fonts.
struct Writer<'a, 'b> {
    surface: Surface<'a>,
    fonts: &'b Fonts,
}

const GREY: (u8, u8, u8) = (102, 102, 102);
const INK: (u8, u8, u8) = (34, 34, 34);
const BRAND: (u8, u8, u8) = (226, 35, 26);

impl Writer<'_, '_> {
    fn font_for(&self, text: &str) -> (Font, &[u8]) {
        if text.chars().any(is_khmer) {
            (self.fonts.khmer_font.clone(), self.fonts.khmer.as_slice())
        } else {
            (self.fonts.sc_font.clone(), self.fonts.sc.as_slice())
        }
    }

    /// The width of `text` at `size` points, as shaped.
    fn width(&self, text: &str, size: f32) -> f32 {
        let (_, data) = self.font_for(text);
        let Some(face) = rustybuzz::Face::from_slice(data, 0) else { return 0.0 };
        let mut buffer = rustybuzz::UnicodeBuffer::new();
        buffer.push_str(text);
        let shaped = rustybuzz::shape(&face, &[], buffer);
        let advance: i32 = shaped.glyph_positions().iter().map(|p| p.x_advance).sum();
        advance as f32 / face.units_per_em() as f32 * size
    }

    fn colour(&mut self, (r, g, b): (u8, u8, u8)) {
        self.surface.set_fill(Some(Fill {
            paint: rgb::Color::new(r, g, b).into(),
            opacity: NormalizedF32::ONE,
            rule: Default::default(),
        }));
    }

    fn text(&mut self, x: f32, y: f32, size: f32, colour: (u8, u8, u8), text: &str) {
        if text.is_empty() {
            return;
        }
        self.colour(colour);
        let (font, _) = self.font_for(text);
        self.surface.draw_text(Point::from_xy(x, y), font, size, text, false, TextDirection::Auto);
    }

    /// `text` ending at `right`.
    fn text_right(&mut self, right: f32, y: f32, size: f32, colour: (u8, u8, u8), text: &str) {
        let width = self.width(text, size);
        self.text(right - width, y, size, colour, text);
    }

    /// `text` cut to `max_width` with an ellipsis.
    fn fitted(&self, text: &str, size: f32, max_width: f32) -> String {
        if self.width(text, size) <= max_width {
            return text.to_string();
        }
        let mut chars: Vec<char> = text.chars().collect();
        while !chars.is_empty() {
            chars.pop();
            let candidate: String = chars.iter().collect::<String>() + "…";
            if self.width(&candidate, size) <= max_width {
                return candidate;
            }
        }
        String::new()
    }

    fn rule(&mut self, x: f32, y: f32, w: f32, h: f32, colour: (u8, u8, u8)) {
        let Some(rect) = Rect::from_xywh(x, y, w, h) else { return };
        let mut builder = PathBuilder::new();
        builder.push_rect(rect);
        if let Some(path) = builder.finish() {
            self.colour(colour);
            self.surface.draw_path(&path);
        }
    }
}

const WIDTH: f32 = 595.28;
const HEIGHT: f32 = 841.89;
const MARGIN: f32 = 50.0;

/// `label` and the time `ms`, as the pages show times (the mall's time zone, UTC+7, spec
/// section 9's format), so the PDF dates an invoice as its page does.
fn dated(label: &str, ms: Option<i64>) -> String {
    match ms {
        Some(ms) => format!("{label} {}", date_time_text(ms)),
        None => label.to_string(),
    }
}

/// The PDF of an issued invoice in the request's language; `None` when the fonts are missing
/// or the document cannot be written (logged).
pub fn render(lang: Lang, invoice: &OrderInvoice, order: &OrderDetail) -> Option<Vec<u8>> {
    let fonts = fonts()?;
    let t = |key: &str| i18n::t(lang, key);
    let mut document = Document::new();
    document.set_metadata(
        Metadata::new()
            .title(format!("{} {}", t("invoice-pdf-title"), invoice.order_number))
            .language(lang.tag().to_string()),
    );
    let mut page = document.start_page_with(PageSettings::from_wh(WIDTH, HEIGHT)?);
    {
        let mut w = Writer { surface: page.surface(), fonts };
        let right = WIDTH - MARGIN;
        let content = WIDTH - 2.0 * MARGIN;

        // Heading: the mall's band, the title, the invoice's number and issue date.
        w.rule(0.0, 0.0, WIDTH, 8.0, BRAND);
        w.text(MARGIN, 78.0, 24.0, INK, &t("invoice-pdf-title"));
        w.text(MARGIN, 100.0, 10.0, GREY, &t("invoice-pdf-electronic"));
        let number = format!("{} {:08}", t("invoice-pdf-number"), invoice.order_invoice_id);
        w.text_right(right, 72.0, 11.0, INK, &number);
        let issued = dated(&t("invoice-pdf-issued"), invoice.upload_time);
        w.text_right(right, 90.0, 11.0, INK, &issued);
        w.rule(MARGIN, 116.0, content, 0.8, GREY);

        // Seller and buyer, side by side.
        let column = MARGIN + content / 2.0 + 10.0;
        let half = content / 2.0 - 10.0;
        w.text(MARGIN, 140.0, 10.0, GREY, &t("invoice-pdf-seller"));
        let shop = w.fitted(&order.shop_name, 13.0, half);
        w.text(MARGIN, 160.0, 13.0, INK, &shop);
        w.text(column, 140.0, 10.0, GREY, &t("invoice-pdf-buyer"));
        let title = w.fitted(&invoice.header_name, 13.0, half);
        w.text(column, 160.0, 13.0, INK, &title);
        let kind =
            if invoice.header_type == header_type::UNIT { t("invoice-pdf-unit") } else { t("invoice-pdf-personal") };
        w.text(column, 178.0, 10.0, GREY, &kind);
        if !invoice.invoice_tax_number.is_empty() {
            w.text(column, 195.0, 10.0, GREY, &t("invoice-pdf-tax-number"));
            w.text(column, 211.0, 11.0, INK, &invoice.invoice_tax_number);
        }
        w.text(MARGIN, 178.0, 10.0, GREY, &t("invoice-pdf-order-number"));
        w.text(MARGIN, 194.0, 11.0, INK, &order.order_number);
        w.text(MARGIN, 211.0, 10.0, GREY, &dated(&t("invoice-pdf-order-date"), Some(order.create_time)));

        // The items.
        let mut y = 248.0;
        let (qty_right, price_right) = (right - 170.0, right - 85.0);
        w.rule(MARGIN, y - 14.0, content, 20.0, (245, 245, 245));
        w.text(MARGIN + 6.0, y, 10.0, GREY, &t("invoice-pdf-item"));
        w.text_right(qty_right, y, 10.0, GREY, &t("invoice-pdf-quantity"));
        w.text_right(price_right, y, 10.0, GREY, &t("invoice-pdf-unit-price"));
        w.text_right(right - 6.0, y, 10.0, GREY, &t("invoice-pdf-amount"));
        y += 24.0;
        let name_width = qty_right - 40.0 - (MARGIN + 6.0);
        let shown = order.order_item_dtos.len().min(20);
        for item in &order.order_item_dtos[..shown] {
            let name = if item.sku_name.is_empty() {
                item.prod_name.clone()
            } else {
                format!("{} ({})", item.prod_name, item.sku_name)
            };
            let name = w.fitted(&name, 10.5, name_width);
            w.text(MARGIN + 6.0, y, 10.5, INK, &name);
            w.text_right(qty_right, y, 10.5, INK, &item.prod_count.to_string());
            w.text_right(price_right, y, 10.5, INK, &usd(item.price));
            w.text_right(right - 6.0, y, 10.5, INK, &usd(item.product_total_amount));
            w.rule(MARGIN, y + 8.0, content, 0.4, (220, 220, 220));
            y += 24.0;
        }
        if order.order_item_dtos.len() > shown {
            let more = i18n::t_args(
                lang,
                "invoice-pdf-more-items",
                &[("count", &(order.order_item_dtos.len() - shown).to_string())],
            );
            w.text(MARGIN + 6.0, y, 10.0, GREY, &more);
            y += 24.0;
        }

        // The amounts: goods, freight, discounts, paid.
        y += 8.0;
        let label_right = right - 110.0;
        let line = |w: &mut Writer, y: f32, key: &str, amount: String, size: f32, colour| {
            w.text_right(label_right, y, size, GREY, &t(key));
            w.text_right(right - 6.0, y, size, colour, &amount);
        };
        line(&mut w, y, "invoice-pdf-goods", usd(order.total), 10.5, INK);
        y += 18.0;
        line(&mut w, y, "invoice-pdf-freight", usd(order.transfee), 10.5, INK);
        y += 18.0;
        if order.reduce_amount.0 != 0 {
            line(&mut w, y, "invoice-pdf-discount", format!("-{}", usd(order.reduce_amount)), 10.5, INK);
            y += 18.0;
        }
        w.rule(label_right - 120.0, y - 8.0, right - (label_right - 120.0), 0.8, GREY);
        y += 10.0;
        line(&mut w, y, "invoice-pdf-total", usd(order.actual_total), 14.0, BRAND);
        y += 22.0;
        w.text_right(right - 6.0, y, 9.0, GREY, &t("invoice-pdf-currency"));

        // Footer.
        w.rule(MARGIN, HEIGHT - 70.0, content, 0.8, GREY);
        let footer = w.fitted(&i18n::t_args(lang, "invoice-pdf-footer", &[("shop", &order.shop_name)]), 9.0, content);
        w.text(MARGIN, HEIGHT - 52.0, 9.0, GREY, &footer);

        let Writer { surface, .. } = w;
        surface.finish();
    }
    page.finish();
    match document.finish() {
        Ok(bytes) => Some(bytes),
        Err(e) => {
            tracing::error!("invoice PDF: {e:?}");
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_are_dollars_with_cents() {
        assert_eq!(usd(Price(0)), "$0.00");
        assert_eq!(usd(Price(1250)), "$12.50");
        assert_eq!(usd(Price(123_456_789)), "$1,234,567.89");
        assert_eq!(usd(Price(-5)), "-$0.05");
    }

    #[test]
    fn dates_are_the_pages_local_time() {
        // Issued at 22:19 UTC on the 28th: the buyer's page says the 29th, 05:19 (UTC+7).
        let issued = 1_795_904_340_000;
        assert_eq!(dated("Issued", Some(issued)), "Issued 2026-11-29 05:19:00");
        assert_eq!(dated("Issued", Some(issued)).split(' ').nth(1), date_time_text(issued).split(' ').next());
        assert_eq!(dated("Issued", None), "Issued");
    }

    #[test]
    fn khmer_letters_pick_the_khmer_font() {
        assert!("ក្រុមហ៊ុន ABC".chars().any(is_khmer));
        assert!(!"湄公贸易 ABC".chars().any(is_khmer));
    }
}
