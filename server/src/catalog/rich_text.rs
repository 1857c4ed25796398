//! Rich text from the database (product descriptions written by merchants) reaches pages as
//! HTML, so it is cleaned on the way out: one sanitizer, one place to tighten.

/// Makes stored rich text safe to render: no scripts, event handlers, `javascript:` links or
/// foreign embeds; plain formatting, pictures and links stay.
pub fn sanitize_html(html: &str) -> String {
    ammonia::clean(html)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rich_text_is_sanitized() {
        let clean = sanitize_html(r#"<p onclick="x()">Hi<script>alert(1)</script><a href="javascript:x">l</a></p>"#);
        assert!(!clean.contains("script") && !clean.contains("onclick") && !clean.contains("javascript"), "{clean}");
        assert!(clean.contains("<p>Hi"), "{clean}");
    }
}
