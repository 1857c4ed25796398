//! The part of ureq's interface wasm-bindgen's test runner calls, where every request fails:
//! this build of wasm-bindgen has no test runner (see Cargo.toml).

use std::fmt;
use std::marker::PhantomData;
use std::time::Duration;

/// What cannot happen.
#[derive(Debug)]
pub enum Never {}

/// A request's failure: here always `NotBuilt`.
#[derive(Debug)]
pub enum Error {
    /// A request that ran out of time; never, as no request is made.
    Timeout(Never),
    NotBuilt,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Timeout(never) => match *never {},
            Error::NotBuilt => f.write_str(
                "this build of wasm-bindgen has no test runner: install wasm-bindgen-cli to run tests in a browser",
            ),
        }
    }
}

impl std::error::Error for Error {}

/// Requests with a body.
pub struct WithBody;
/// Requests without a body.
pub struct WithoutBody;

#[derive(Debug, Default)]
pub struct Agent;

impl Agent {
    pub fn new_with_defaults() -> Agent {
        Agent
    }

    pub fn get<U>(&self, _url: U) -> RequestBuilder<WithoutBody> {
        RequestBuilder(PhantomData)
    }

    pub fn delete<U>(&self, _url: U) -> RequestBuilder<WithoutBody> {
        RequestBuilder(PhantomData)
    }

    pub fn post<U>(&self, _url: U) -> RequestBuilder<WithBody> {
        RequestBuilder(PhantomData)
    }
}

pub struct RequestBuilder<B>(PhantomData<B>);

impl<B> RequestBuilder<B> {
    pub fn config(self) -> ConfigBuilder<B> {
        ConfigBuilder(self)
    }
}

impl RequestBuilder<WithoutBody> {
    /// Fails: no request is made here.
    pub fn call(self) -> Result<Response, Error> {
        Err(Error::NotBuilt)
    }
}

impl RequestBuilder<WithBody> {
    pub fn content_type<V>(self, _value: V) -> Self {
        self
    }

    /// Fails: no request is made here.
    pub fn send<T>(self, _data: T) -> Result<Response, Error> {
        Err(Error::NotBuilt)
    }
}

pub struct ConfigBuilder<B>(RequestBuilder<B>);

impl<B> ConfigBuilder<B> {
    pub fn timeout_global(self, _timeout: Option<Duration>) -> Self {
        self
    }

    pub fn build(self) -> RequestBuilder<B> {
        self.0
    }
}

/// A response, which no request here returns.
pub enum Response {}

/// A response's body; none exists.
pub enum Body {}

impl Response {
    pub fn status(&self) -> u16 {
        match *self {}
    }

    pub fn body_mut(&mut self) -> &mut Body {
        match *self {}
    }
}

impl Body {
    pub fn read_to_string(&mut self) -> Result<String, Error> {
        match *self {}
    }
}
