//! The API's one error: an HTTP status and a one-line message, sent as `{"error": "..."}`.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

/// The longest error message, in characters.
pub const MESSAGE_LIMIT: usize = 1000;

/// A refused request: its status (4xx, or 500/503) and what is wrong, on one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What is wrong, on one line.
    pub message: String,
}

impl ApiError {
    /// An error with this status; the message is folded onto one line and cut after
    /// [`MESSAGE_LIMIT`] characters (a long position text quoted in it).
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        let m: String = message.into();
        let mut message = m.split_whitespace().collect::<Vec<_>>().join(" ");
        if let Some((cut, _)) = message.char_indices().nth(MESSAGE_LIMIT) {
            message.truncate(cut);
            message.push_str("...");
        }
        ApiError { status, message }
    }

    /// 400 Bad Request.
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// 422 Unprocessable Content: a well-formed request asking for too much.
    pub fn limit(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }

    /// 403 Forbidden.
    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, message)
    }

    /// 500: a bug (a handler panicked).
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, message)
    }
}

impl From<spacechess::Error> for ApiError {
    fn from(e: spacechess::Error) -> ApiError {
        ApiError::bad(e.to_string())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (
            self.status,
            Json(serde_json::json!({ "error": self.message })),
        )
            .into_response()
    }
}

/// The JSON error response with this status and message.
pub fn error_response(status: StatusCode, message: impl Into<String>) -> Response {
    ApiError::new(status, message).into_response()
}
