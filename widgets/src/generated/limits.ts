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
