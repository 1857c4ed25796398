//! The part of rouille's interface wasm-bindgen's test runner calls, where a server never
//! starts: `Server::new` fails, so no request is ever handled (see Cargo.toml).

use std::borrow::Cow;
use std::error::Error;
use std::fmt;
use std::io::Read;
use std::marker::PhantomData;
use std::net::{SocketAddr, ToSocketAddrs};
use std::path::Path;

pub use url;

/// What cannot happen: a server here never runs, so it never receives a request.
#[derive(Debug, Clone, Copy)]
pub enum Never {}

/// Why a server does not start.
#[derive(Debug)]
pub struct NotBuilt;

impl fmt::Display for NotBuilt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("this build of wasm-bindgen has no test runner: install wasm-bindgen-cli to run tests in a browser")
    }
}

impl Error for NotBuilt {}

/// A server, which `new` never returns.
pub struct Server<F> {
    never: Never,
    handler: PhantomData<F>,
}

impl<F> Server<F>
where
    F: Send + Sync + 'static + Fn(&Request) -> Response,
{
    /// Fails: no server is built here.
    pub fn new<A: ToSocketAddrs>(_addr: A, _handler: F) -> Result<Server<F>, Box<dyn Error + Send + Sync>> {
        Err(Box::new(NotBuilt))
    }

    pub fn server_addr(&self) -> SocketAddr {
        let _ = &self.handler;
        match self.never {}
    }

    pub fn run(self) {
        match self.never {}
    }
}

/// A request; none is ever received, so none exists.
pub enum Request {}

/// A request's method; there is none, as there is no request.
pub enum Method {}

impl Request {
    pub fn url(&self) -> String {
        match *self {}
    }

    pub fn method(&self) -> Method {
        match *self {}
    }

    pub fn header(&self, _name: &str) -> Option<&str> {
        match *self {}
    }

    pub fn headers(&self) -> std::vec::IntoIter<(&str, &str)> {
        match *self {}
    }

    pub fn data(&self) -> Option<RequestBody> {
        match *self {}
    }

    pub fn fake_http<U: Into<String>>(
        method: Method,
        _url: U,
        _headers: Vec<(String, String)>,
        _data: Vec<u8>,
    ) -> Request {
        match method {}
    }
}

/// A request's body; none exists.
pub enum RequestBody {}

impl Read for RequestBody {
    fn read(&mut self, _buf: &mut [u8]) -> std::io::Result<usize> {
        match *self {}
    }
}

/// A response, as the test runner's handlers build them (never sent).
pub struct Response {
    pub status_code: u16,
    pub headers: Vec<(Cow<'static, str>, Cow<'static, str>)>,
    pub data: Vec<u8>,
}

impl Response {
    pub fn from_data<C: Into<Cow<'static, str>>, D: Into<Vec<u8>>>(content_type: C, data: D) -> Response {
        Response { status_code: 200, headers: vec![("Content-Type".into(), content_type.into())], data: data.into() }
    }

    pub fn text<S: Into<String>>(text: S) -> Response {
        Response::from_data("text/plain; charset=utf8", text.into())
    }

    pub fn empty_204() -> Response {
        Response { status_code: 204, headers: Vec::new(), data: Vec::new() }
    }

    pub fn empty_400() -> Response {
        Response { status_code: 400, headers: Vec::new(), data: Vec::new() }
    }

    pub fn is_success(&self) -> bool {
        (200..400).contains(&self.status_code)
    }
}

/// Serves a file of `dir`; never called, as there is no request.
pub fn match_assets<P: AsRef<Path> + ?Sized>(request: &Request, _dir: &P) -> Response {
    match *request {}
}
