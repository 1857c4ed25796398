// Generated from the api crate by `make contract`; do not edit.

// Limits of the account rules: the server enforces them, the pages and widgets show them
// (exported to the widgets' TypeScript as constants of the same names).

/**
 * Seconds before another one-time code may be sent for the same identifier and
 * purpose (spec section 9: "Code resend countdown 60 s"). The server refuses a sooner
 * send; the Send Code buttons count down from it.
 */
export const CODE_RESEND_SECONDS = 60;

// The registration password rule (spec section 5, `meets_password_rule` of the api
// crate): 8 to 20 printable ASCII characters (no spaces) combining letters, digits and
// special symbols.

/** The fewest characters of a new password. */
export const PASSWORD_MIN_LENGTH = 8;

/** The most characters of a new password. */
export const PASSWORD_MAX_LENGTH = 20;

// The e-mail rule (spec section 5, `is_valid_email` of the api crate):
// `local@domain.tld`, the top-level part at least 2 letters, and these lengths.

/** The most characters of an e-mail address. */
export const EMAIL_MAX_LENGTH = 254;

/** The most characters of the part before the `@`. */
export const EMAIL_LOCAL_MAX_LENGTH = 64;

/** The most characters of one dot-separated part of the domain. */
export const EMAIL_LABEL_MAX_LENGTH = 63;

// The phone rule (spec section 5, `phone_digits` of the api crate): the international
// number's digits without plus, country code included, a leading 0 standing for
// Cambodia's 855 (docs/decisions/0167-one-phone-rule.md).

/** The fewest digits of a phone number, country code included. */
export const PHONE_MIN_DIGITS = 10;

/** The most digits of a phone number, country code included (E.164's longest). */
export const PHONE_MAX_DIGITS = 15;

// Limits of the profile and upload rules: the server enforces them, the pages and the
// image-upload widget show them.

/** The most characters of a nickname (spec section 5: "Nickname max 15 characters"). */
export const NICKNAME_MAX_CHARS = 15;

/** The largest avatar upload, in bytes (spec section 5: 2 MB). */
export const AVATAR_MAX_BYTES = 2097152;

/** The largest other picture upload, in bytes (spec section 5: 10 MB). */
export const IMAGE_MAX_BYTES = 10485760;

/** The widest and tallest picture accepted, in pixels. */
export const IMAGE_MAX_SIDE = 8000;

/** Uploads one buyer may make per hour. */
export const UPLOADS_PER_HOUR = 60;

/** The fewest characters of a user-centre password (spec section 5: 6 to 20). */
export const ACCOUNT_PASSWORD_MIN_LENGTH = 6;

/** The most characters of a user-centre password. */
export const ACCOUNT_PASSWORD_MAX_LENGTH = 20;

/** Seconds before the password page goes on after a change (spec section 9: 3 s). */
export const PASSWORD_REDIRECT_SECONDS = 3;

// The comparison's constants (spec section 9 "Comparison"), shared by the server, the
// `/product-comparison` page and the comparison sidebar (exported to the widgets'
// TypeScript as constants of the same names).

/** Offers and similar products asked for in one call (spec: "page size 10"). */
export const COMPARE_PAGE_SIZE = 10;

/** Offers the table shows at first; the rest wait in the supplier picker. */
export const COMPARE_SHOWN_OFFERS = 5;

/** Similar products the sidebar shows; the similar-product modal offers them all. */
export const COMPARE_SHOWN_SIMILAR = 5;

/** Skeleton rows while the comparison loads. */
export const COMPARE_SKELETON_ROWS = 5;

/**
 * The artificial delay before the sidebar loads, in milliseconds (spec: 2 s). A
 * configuration constant: the widget takes `loadDelayMs` instead when given (0 in
 * tests).
 */
export const COMPARE_LOAD_DELAY_MS = 2000;

/** The closing animation of the sidebar's modals, in milliseconds. */
export const COMPARE_MODAL_CLOSE_MS = 300;

/** The delivery estimate of an offer whose shop states none, in days. */
export const COMPARE_DELIVERY_DAYS = 7;

/** The most similar products one product has (the similar set a page is cut from). */
export const COMPARE_MAX_SIMILAR = 50;

// The chat's limits (issue 20), enforced by the server and shown by the chat widget.

/** Most characters of a text message (after control characters are removed). */
export const CHAT_MAX_TEXT_CHARS = 500;

/** Largest frame the socket accepts, in bytes; a larger one is refused. */
export const CHAT_MAX_FRAME_BYTES = 16384;

/** Most messages one user may send in `CHAT_RATE_WINDOW_MS` (every attempt counts). */
export const CHAT_RATE_MESSAGES = 10;

/** The window of `CHAT_RATE_MESSAGES`, in milliseconds. */
export const CHAT_RATE_WINDOW_MS = 10000;

/** Messages of a page of `GET /p/chat/messages` when `size` is not given. */
export const CHAT_PAGE_SIZE = 20;

/** Most messages of a page of `GET /p/chat/messages`. */
export const CHAT_PAGE_SIZE_MAX = 50;

/** The server pings the socket this often, in seconds. */
export const CHAT_PING_SECONDS = 20;

/** Longest client message id, in characters (a UUID is 36). */
export const CHAT_MAX_CLIENT_MSG_ID_CHARS = 64;
