//! Web: SSR mount and static assets.
