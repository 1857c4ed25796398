//! The review of one order item on `/write-comments`: a score (a radio group of five stars,
//! used with the arrow keys), the text with a live count to 150, up to 9 pictures through the
//! image-upload widget, the anonymous choice, and Submit with its loading state. The server's
//! refusal is shown under the form in the buyer's language; after a review the page reloads and
//! shows the item as reviewed.

use crate::components::{after_hydration, chosen_before_hydration, ticked_before_hydration, typed_before_hydration};
use api::reviews::{ProdCommParam, MAX_PICS, SCORE_MAX, TEXT_MAX_CHARS};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// The form's texts, translated on the server.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct ReviewLabels {
    pub score: String,
    /// The names of 1 to 5 stars.
    pub stars: Vec<String>,
    pub text: String,
    pub text_placeholder: String,
    /// "{count}/150".
    pub count: String,
    pub too_long: String,
    pub pictures: String,
    pub pictures_hint: String,
    pub anonymous: String,
    pub submit: String,
    pub submitting: String,
    pub done: String,
    pub failed: String,
}

/// The name the image-upload widget reports an item's pictures under.
pub fn pictures_field(order_item_id: i64) -> String {
    format!("review-{order_item_id}")
}

/// The image-upload widget's props: up to 9 pictures of kind `image`.
pub fn upload_props(order_item_id: i64, label: &str) -> String {
    crate::components::pictures::upload_props(&pictures_field(order_item_id), MAX_PICS, label, Vec::new())
}

/// Whether a text is too long for a review (counted as the server counts it: trimmed).
pub fn too_long(text: &str) -> bool {
    text.trim().chars().count() > TEXT_MAX_CHARS
}

#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct ReviewForm {
    pub order_item_id: i64,
    pub labels: ReviewLabels,
}

/// Renders [`ReviewForm`], as one variant of its group's island (`crate::lazy_islands`).
pub fn review_form(props: ReviewForm) -> impl IntoView {
    let ReviewForm { order_item_id, labels } = props;
    let labels = StoredValue::new(labels);
    let label = move |pick: fn(&ReviewLabels) -> &String| labels.with_value(|l| pick(l).clone());
    let id = |part: &str| format!("review-{order_item_id}-{part}");
    let score = RwSignal::new(SCORE_MAX);
    let text = RwSignal::new(String::new());
    let pics = RwSignal::new(Vec::<String>::new());
    // What was chosen before the island hydrated stands (`ticked_before_hydration`); the score
    // (which lights the stars) and the text (counted under it) right after it (`after_hydration`).
    let anonymous = RwSignal::new(!ticked_before_hydration(&format!("#{}", id("anonymous"))).is_empty());
    let typed_score = chosen_before_hydration::<i32>(&format!("input[name=\"{}\"]", id("score")));
    let typed_text = typed_before_hydration(&id("text"));
    after_hydration(move || {
        if let Some(n) = typed_score.filter(|n| (1..=SCORE_MAX).contains(n)) {
            score.set(n);
        }
        if let Some(typed) = typed_text {
            text.set(typed);
        }
    });
    let sending = RwSignal::new(false);
    let refusal = RwSignal::new(None::<String>);
    let busy = RwSignal::new(false);

    crate::components::pictures::listen_pictures(&pictures_field(order_item_id), move |paths| pics.set(paths));

    let submit = move || {
        refusal.set(None);
        if sending.get_untracked() || text.with_untracked(|t| too_long(t)) {
            return;
        }
        let param = ProdCommParam {
            order_item_id,
            score: score.get_untracked(),
            content: text.get_untracked(),
            pics: pics.get_untracked(),
            is_anonymous: i32::from(anonymous.get_untracked()),
        };
        sending.set(true);
        let texts = (label(|l| &l.done), label(|l| &l.failed));
        crate::components::form_call::post_then_reload(api::paths::PROD_COMM_ADD, param, sending, refusal, texts);
    };

    let count = move || {
        let n = text.with(|t| t.trim().chars().count());
        label(|l| &l.count).replace("{count}", &n.to_string())
    };
    let long = move || text.with(|t| too_long(t));
    view! {
        <form class="review-form" data-testid="review-form" data-item=order_item_id novalidate
            on:submit=move |ev| { ev.prevent_default(); submit(); }>
            <fieldset class="review-stars" data-testid="review-stars">
                <legend>{label(|l| &l.score)}</legend>
                {(1..=SCORE_MAX).map(|n| {
                    let input_id = id(&format!("score-{n}"));
                    let star = labels.with_value(|l| l.stars.get(n as usize - 1).cloned().unwrap_or_default());
                    view! {
                        <input type="radio" class="review-stars__input" id=input_id.clone() name=id("score")
                            value=n.to_string() checked={untrack(|| score.get() == n)} prop:checked=move || score.get() == n
                            on:change=move |_| score.set(n) data-testid=format!("review-score-{n}") />
                        <label for=input_id class=move || star_class(score.get() >= n) title=star.clone()>
                            <span aria-hidden="true">"★"</span>
                            <span class="visually-hidden">{star.clone()}</span>
                        </label>
                    }
                }).collect_view()}
            </fieldset>
            <div class="field field--wide">
                <label for=id("text")>{label(|l| &l.text)}</label>
                <textarea id=id("text") name="content" rows="4" data-testid="review-text"
                    placeholder=label(|l| &l.text_placeholder)
                    aria-invalid=move || long().then_some("true")
                    aria-describedby=format!("{} {}", id("count"), id("text-error"))
                    prop:value=move || text.get()
                    on:input=move |ev| text.set(event_target_value(&ev))></textarea>
                <small class="field__hint field__count" class:is-over=long id=id("count") aria-live="polite"
                    data-testid="review-count">{count}</small>
                <span class="field__error" id=id("text-error") role="alert" data-testid="review-text-error">
                    {move || long().then(|| label(|l| &l.too_long))}
                </span>
            </div>
            <fieldset class="field field--wide review-form__pictures">
                <legend>{label(|l| &l.pictures)}</legend>
                <small class="field__hint">{label(|l| &l.pictures_hint)}</small>
                <mall-widget name={api::bridge::widget::IMAGE_UPLOAD} data-load="idle" data-testid="review-pictures"
                    data-props=upload_props(order_item_id, &label(|l| &l.pictures))>
                </mall-widget>
            </fieldset>
            <label class="checkbox review-form__anonymous">
                <input type="checkbox" id=id("anonymous") data-testid="review-anonymous" checked={untrack(|| anonymous.get())} prop:checked=move || anonymous.get()
                    on:change=move |ev| anonymous.set(event_target_checked(&ev)) />
                " "{label(|l| &l.anonymous)}
            </label>
            <div class="review-form__actions">
                <button type="submit" class="button button--primary" data-testid="review-submit"
                    disabled=move || busy.get() || sending.get() aria-busy=move || sending.get().to_string()>
                    {move || if sending.get() { label(|l| &l.submitting) } else { label(|l| &l.submit) }}
                </button>
            </div>
            <p class="review-form__error" role="alert" data-testid="review-error">{move || refusal.get()}</p>
        </form>
    }
}

/// The class of a star, lit up to the chosen score.
fn star_class(on: bool) -> &'static str {
    if on {
        "review-stars__star is-on"
    } else {
        "review-stars__star"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_is_counted_trimmed_in_characters() {
        assert!(!too_long(&"好".repeat(150)));
        assert!(!too_long(&format!("  {}  ", "a".repeat(150))));
        assert!(too_long(&"a".repeat(151)));
    }

    #[test]
    fn each_item_has_its_own_pictures() {
        let props: serde_json::Value = serde_json::from_str(&upload_props(7, "Pictures")).unwrap();
        assert_eq!(props["field"], "review-7");
        assert_eq!(props["max"], 9);
        assert_eq!(props["kind"], "image");
    }
}
