//! The response envelope `{success, code, msg, data}` and its codes (spec section 8).

use serde::{Deserialize, Serialize};

/// Response codes of the provider API.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Code {
    /// `00000`: accepted.
    #[serde(rename = "00000")]
    Ok,
    /// `A00001`: a business error or bad input; `msg` says what, translated.
    #[serde(rename = "A00001")]
    BadRequest,
    /// `A00002`: passed through by clients as a normal result.
    #[serde(rename = "A00002")]
    Passthrough,
    /// `A00004`: not signed in (or the session ended).
    #[serde(rename = "A00004")]
    Unauthorized,
    /// `A00005`: an internal error; details are only in the server log.
    #[serde(rename = "A00005")]
    Internal,
}

impl Code {
    /// The wire form of the code.
    pub fn as_str(self) -> &'static str {
        match self {
            Code::Ok => "00000",
            Code::BadRequest => "A00001",
            Code::Passthrough => "A00002",
            Code::Unauthorized => "A00004",
            Code::Internal => "A00005",
        }
    }
}

/// The envelope every `/api` answer is wrapped in.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ApiResponse<T> {
    pub success: bool,
    pub code: Code,
    pub msg: Option<String>,
    pub data: Option<T>,
}

impl<T> ApiResponse<T> {
    /// A successful answer carrying `data`.
    pub fn ok(data: T) -> Self {
        Self { success: true, code: Code::Ok, msg: None, data: Some(data) }
    }

    /// A failed answer with a code and a (translated) message.
    pub fn fail(code: Code, msg: impl Into<String>) -> Self {
        Self { success: false, code, msg: Some(msg.into()), data: None }
    }

    /// The data of a successful answer, if it is one.
    pub fn into_data(self) -> Option<T> {
        if self.code == Code::Ok {
            self.data
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn envelope_uses_spec_names_and_codes() {
        let json = serde_json::to_value(ApiResponse::ok(3)).unwrap();
        assert_eq!(json, serde_json::json!({"success": true, "code": "00000", "msg": null, "data": 3}));
        let fail: ApiResponse<()> = ApiResponse::fail(Code::Unauthorized, "Please sign in");
        let json = serde_json::to_value(fail).unwrap();
        assert_eq!(json["code"], "A00004");
        assert_eq!(json["success"], false);
    }
}
