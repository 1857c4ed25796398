//! The part of reqwest's interface cargo-leptos calls, where every request fails: the project
//! installs its tools itself (the Makefile), so cargo-leptos has nothing to download.

use std::fmt;

/// The only outcome of a request here.
#[derive(Debug)]
pub struct Error;

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("downloads are not part of this project's build of cargo-leptos")
    }
}

impl std::error::Error for Error {}

/// A response, which no request here returns.
pub enum Response {}

/// A response's status; never made, since no response is.
pub enum StatusCode {}

impl StatusCode {
    pub fn is_success(&self) -> bool {
        match *self {}
    }
}

impl fmt::Display for StatusCode {
    fn fmt(&self, _f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {}
    }
}

impl Response {
    pub fn status(&self) -> StatusCode {
        match *self {}
    }

    pub async fn bytes(self) -> Result<bytes::Bytes, Error> {
        match self {}
    }

    pub async fn json<T: serde::de::DeserializeOwned>(self) -> Result<T, Error> {
        match self {}
    }
}

/// `reqwest::get`: fails.
pub async fn get<U>(_url: U) -> Result<Response, Error> {
    Err(Error)
}

#[derive(Debug, Default)]
pub struct ClientBuilder;

impl ClientBuilder {
    pub fn user_agent<V>(self, _value: V) -> Self {
        self
    }

    pub fn build(self) -> Result<Client, Error> {
        Ok(Client)
    }
}

#[derive(Debug, Default)]
pub struct Client;

impl Client {
    pub fn get<U>(&self, _url: U) -> RequestBuilder {
        RequestBuilder
    }
}

pub struct RequestBuilder;

impl RequestBuilder {
    /// Fails.
    pub async fn send(self) -> Result<Response, Error> {
        Err(Error)
    }
}
