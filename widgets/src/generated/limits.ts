// Generated from the api crate by `make contract`; do not edit.

// Limits of the account rules: the server enforces them, the pages and widgets show them
// (exported to the widgets' TypeScript as constants of the same names).

/**
 * Seconds before another one-time code may be sent for the same identifier and
 * purpose (spec section 9: "Code resend countdown 60 s"). The server refuses a sooner
 * send; the Send Code buttons count down from it.
 */
export const CODE_RESEND_SECONDS = 60;
