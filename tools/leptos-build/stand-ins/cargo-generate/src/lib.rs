//! The part of cargo-generate's interface that `cargo leptos new` calls, without the template
//! engine: this build of cargo-leptos builds projects, it does not create them.

use std::path::PathBuf;

/// Where a template comes from (the fields `cargo leptos new` sets).
#[derive(Debug, Default, Clone)]
pub struct TemplatePath {
    pub git: Option<String>,
    pub branch: Option<String>,
    pub tag: Option<String>,
    pub path: Option<String>,
    pub subfolder: Option<String>,
}

/// What to generate (the fields `cargo leptos new` sets).
#[derive(Debug, Default, Clone)]
pub struct GenerateArgs {
    pub template_path: TemplatePath,
    pub name: Option<String>,
    pub force: bool,
    pub verbose: bool,
    pub init: bool,
    pub vcs: Option<String>,
}

/// Always an error naming the way to get the command.
pub fn generate(_args: GenerateArgs) -> anyhow::Result<PathBuf> {
    anyhow::bail!(
        "`cargo leptos new` is not part of this project's build of cargo-leptos; \
         `cargo install cargo-leptos` installs the full tool"
    )
}
