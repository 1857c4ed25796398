# Messages of the provider API (the `msg` of error envelopes).
error-unauthorized = Please sign in first
error-not-found = Not found
error-internal = The server is having a minor hiccup
error-missing-field = Missing required field: { $field }
error-invalid-field = Invalid value for: { $field }
error-invalid-params = Invalid request parameters
error-malformed-json = The request body is not valid JSON
error-content-type = The request body must be JSON (Content-Type: application/json)
error-body-too-large = The request body is too large
error-value-too-long = { $field } is too long (at most { $max } characters)
error-value-out-of-range = { $field } must be between { $min } and { $max }
error-value-empty = { $field } must not be empty
error-notice-not-found = This notice does not exist or has been withdrawn
