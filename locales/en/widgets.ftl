# Texts of the React widgets (widgets/src). Loaded by the browser from /locales/{lang}/widgets.ftl.

## Login popup

login-heading-welcome = Welcome Back
login-heading-set-password = Set Password
login-tab-account = Account Login
login-tab-otp = OTP Login
login-subtab-email = Email
login-subtab-phone = Phone
login-email-placeholder = Email
login-phone-placeholder = Phone number
login-dial-code = Country code
login-password-placeholder = Password
login-code-placeholder = Verification code
login-send-code = Send Code
# The Send Code button while it waits before another code may be sent.
login-send-code-wait = { $seconds }s
login-code-sent = Verification code sent
login-new-password = Password
login-confirm-password = Confirm Password
login-set-password-enter-code = Enter OTP Code to Set Password
login-set-password = Set Password
login-sign-in = Sign In
login-signing-in = Signing In...
login-back = Back
login-close = Close
login-clear = Clear
login-new-account = It looks like this is a new account. Please set a password.
# $terms and $privacy are the links below.
login-terms = I have read and agree to the { $terms } and { $privacy }
login-terms-of-service = Terms of Service
login-privacy-policy = Privacy Policy
login-social = Or sign in with
login-google = Sign in with Google
login-facebook = Sign in with Facebook

## Validation

error-invalid-email = Please enter a valid email address
error-invalid-phone = Please enter a valid phone number
error-password-empty = Please enter your password
error-code-empty = Please enter the verification code
error-new-password-empty = Please enter a password
error-confirm-empty = Please confirm your password
error-password-mismatch = Passwords do not match
error-terms = Please agree to the terms and conditions
tip-set-password-first = Please set your password first
tip-password-min = Password must be at least 6 characters
tip-password-rule = The password must be 8 to 20 characters and combine letters, digits and special symbols

## API errors

error-server-hiccup = The server is having a minor hiccup

# Category mega-menu
category-loading = Loading categories…
category-empty = No subcategories yet
category-failed = Could not load the categories. Move away and back to try again.

## Image upload (the image-upload widget)

upload-add = Add picture
upload-change = Change picture
upload-hint = PNG, JPEG, GIF or WebP, up to { $mb } MB.
upload-count = { $count } of { $max }.
upload-drop = You can also drop pictures here.
upload-preview = Picture { $n }
upload-progress = Uploading picture { $n }
upload-remove = Remove picture { $n }
upload-uploading = Uploading…
upload-error-type = Only PNG, JPEG, GIF or WebP pictures can be uploaded
upload-error-size = The picture is larger than { $mb } MB
upload-error-count = You can add at most { $max } pictures
upload-error-failed = The upload failed. Please try again.
