//! The balance wallet and points of the user centre (spec sections 1, 2, 5 and 9):
//! `/user-center/uc-balance` (the balance, its records, top-up through the checkout counter's
//! gateways) and `/user-center/uc-integral` (points, the daily sign-in, the points' records). Pages render on the server inside the user-centre layout; the top-up form is an
//! island.

#[cfg(feature = "ssr")]
pub mod balance;
#[cfg(feature = "ssr")]
pub mod integral;
pub mod rules;
pub mod sign_in_box;
pub mod top_up;
