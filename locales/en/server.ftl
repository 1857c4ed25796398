# Messages of the provider API (the `msg` of error envelopes).
error-unauthorized = Please sign in first
error-not-found = Not found
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
error-too-many-values = { $field } may list at most { $max } values
error-product-not-found = This product does not exist
error-shop-not-found = This shop does not exist
error-shop-offline = This shop is offline and cannot be followed
error-page-not-found = This page was not found. It may have been removed.
error-discount-not-found = This discount does not exist
error-coupon-not-found = This coupon does not exist
error-coupon-ended = This coupon has ended
error-coupon-sold-out = This coupon has all been claimed
error-coupon-shop-offline = This shop is offline; its coupons cannot be claimed
error-coupon-already-received = You have already claimed this coupon

## Accounts
error-mail-or-mobile = Give either an email address or a phone number, not both
error-password-rule = The password must be 8 to 20 characters and combine letters, digits and special symbols
error-code-wrong = The verification code is incorrect
error-code-invalid = The verification code is invalid or has expired. Please request a new one
error-code-too-many-tries = Too many incorrect codes. Please request a new one
error-code-resend-wait = Please wait { $seconds } seconds before requesting another code
error-code-too-many-sends = Too many codes requested. Please try again later
error-too-many-failures = Too many failed attempts. Please try again in { $minutes } minutes
error-too-many-requests = Too many requests. Please try again later
error-too-busy = We are very busy right now. Please try again in a moment
error-login-failed = Incorrect account or password
error-account-not-found = This account does not exist. Please sign up first
error-already-registered = This phone number or email is already registered
error-social-type = Unknown sign-in provider
error-social-not-configured = Sign-in with this provider is not available
error-third-login-denied = The sign-in was cancelled or refused
error-third-login-failed = The third-party sign-in failed. Please try again
error-third-login-expired = The sign-in request has expired. Please try again
error-login-key-invalid = The sign-in has expired. Please sign in with the provider again
error-identity-bound = This account is already bound to another user
error-cross-origin = Cross-origin request refused
mail-code-subject = Your Mekong Mall verification code
mail-code-body = Your verification code is { $code }. It expires in { $minutes } minutes. If you did not request it, ignore this message.
mail-code-reset-body = Your password recovery code is { $code }. It expires in { $minutes } minutes. If you did not ask to reset your password, ignore this message.
sms-code-body = Mekong Mall: your verification code is { $code } (valid { $minutes } min).
sms-code-reset-body = Mekong Mall: your password recovery code is { $code } (valid { $minutes } min).

# Cart and addresses
error-cart-count = The quantity to change must be between -{ $max } and { $max }, and not 0
error-cart-sku-not-found = This product option does not exist
error-cart-line-not-found = This item is not in your cart
error-cart-count-invalid = Please enter a quantity of at least 1
error-cart-off-shelf = This product is off the shelf and cannot be added to the cart
error-cart-shop-offline = This shop is offline; its products cannot be added to the cart
error-cart-insufficient-inventory = Insufficient inventory: only { $stocks } left
error-cart-line-limit = At most { $max } units of one item fit in the cart
error-cart-too-many-lines = Your cart is full: it holds at most { $max } different items
error-cart-basket-ids = Name the cart items to remove as a list of basketId numbers
error-address-not-found = This address does not exist
error-address-receiver = Enter the recipient's name (at most { $max } characters)
error-address-mobile = Enter a valid phone number ({ $min } to { $max } digits)
error-address-post-code = The postal code may have at most { $max } letters, digits, spaces or dashes
error-address-detail = The detailed address must be { $min } to { $max } characters
error-address-limit = You can keep at most { $max } addresses. Delete one first

# Orders
error-order-insufficient-inventory = Insufficient inventory
error-order-status-changed = Order status changed
error-order-expired = Order expired
error-order-duplicate = Duplicate order submission
error-order-flash-sale-busy = Flash sale too busy to retry later
error-order-off-shelf = Goods off the shelves
error-order-shop-offline = This shop is offline; its goods cannot be ordered
error-order-not-found = Order not found
error-order-confirmation-not-found = This order confirmation does not exist. Please check out again
error-order-settlement-limit = At most { $max } items can be settled at once
error-order-cart-line-unknown = This item is not in your cart
error-order-nothing-to-buy = Choose the goods to buy
error-order-coupon-unusable = This coupon cannot be used on this order
error-order-points-step = Points are used in multiples of { $step }
error-order-points-too-many = At most { $max } points can be used on this order
error-order-no-address = Please add a delivery address
error-order-address-not-found = This delivery address does not exist
error-order-flash-sale-ended = This flash sale is not running
error-order-flash-sale-limit = You can buy at most { $max } of this flash sale item
error-order-group-buy-ended = This group buy is not running
error-group-team-closed = This group is no longer open. Start a new group or join another one.
error-group-team-full = This group is full. Start a new group or join another one.
error-group-team-joined = You are already in this group.

# Payments
error-pay-method-unavailable = This payment method is not available. Please choose another one
error-pay-amount-unsupported = This payment method cannot take this amount. Please choose another one
error-pay-currency-unsupported = This payment method cannot take this currency. Please choose another one
error-pay-gateway-unavailable = The payment service did not answer. Please try again or choose another method
error-pay-notice-refused = Payment notification refused
error-pay-notice-unknown = This payment notification names no payment of this mall
error-pay-points-order = Points-mall orders are paid with points
error-pay-points-only = Points pay only points-mall orders
error-points-insufficient = Insufficient points
error-pay-password-format = The payment password is exactly { $digits } digits
error-pay-password-locked = Too many wrong passwords. Please try again in { $minutes } minutes
error-pay-password-unset = Please set a payment password first
error-pay-password-wrong = Wrong payment password
error-password-wrong = Wrong sign-in password
error-balance-insufficient = Insufficient balance. Your current balance is { $balance }
error-recharge-range = A top-up is { $min } to { $max }
error-pay-not-found = Payment not found

## Errors: user centre: overview and orders

## Errors: user centre: favourites and footprints
error-collection-off-shelf = This product is off the shelf and cannot be added to your favourites
error-footprint-not-found = This browsing record does not exist

## Errors: user centre: profile, passwords and binding
error-upload-not-image = Only PNG, JPEG, GIF or WebP pictures can be uploaded
error-upload-damaged = This picture is damaged or incomplete. Please choose another one
error-upload-dimensions = The picture may be at most { $max } × { $max } pixels
error-upload-too-large = The picture may be at most { $mb } MB
error-upload-too-many = Too many uploads. Please try again later
error-upload-malformed = The upload could not be read. Please try again
error-upload-one-file = Please upload one picture at a time
error-upload-empty = The file is empty
error-nickname-empty = Please enter a nickname
error-nickname-too-long = The nickname can be at most { $max } characters
error-nickname-invalid = The nickname contains characters that cannot be used
error-avatar-not-uploaded = Please upload the avatar first
error-account-password-rule = The password must be { $min } to { $max } characters and combine at least two of letters, digits and symbols
error-old-password-empty = Please enter your current password
error-old-password-wrong = The current password is wrong
error-password-not-set = Your account has no password yet. Please set one with a verification code
error-password-same = The new password must be different from the current one
error-password-changed-meanwhile = Your password was changed meanwhile. Please try again
error-password-already-set = Your account already has a password. Please change it with the current one
error-mail-not-bound = No email address is bound to your account
error-mobile-not-bound = No phone number is bound to your account
error-contact-unchanged = This is already your email address or phone number
error-social-not-bound = No such account is bound
error-unbind-last = This is the only way to sign in to your account. Bind an email address or phone number first
error-social-type-bound = An account of this kind is already bound. Unbind it first
error-third-login-bind-session = Please sign in again, then bind the account from your account settings
mail-contact-changed-subject = Your Mekong Mall sign-in details were changed
mail-contact-changed-body = Your Mekong Mall account was changed to use { $address }. If you did not do this, reset your password and contact us at once.
sms-contact-changed-body = Mekong Mall: your account was changed to use { $address }. If this was not you, reset your password now.

## Errors: user centre: addresses and opening a shop
error-shop-apply-name = The store name is up to { $max } letters or digits, without special characters
error-shop-apply-intro = The store description must be { $min } to { $max } characters
error-shop-apply-address = The store's detail address must be { $min } to { $max } characters
error-shop-apply-tel = Enter a valid contact phone number ({ $min } to { $max } digits)
error-shop-apply-category = Choose the main category of your store
error-shop-apply-pictures = Upload { $min } to { $max } qualification pictures (business licence and ID)
error-shop-apply-under-review = Your store application is under review. Please wait for the result
error-shop-apply-has-shop = You already have a store
error-store-account = The store account must be { $min } to { $max } letters, digits or underscores
error-store-password = The store password must be { $min } to { $max } characters without spaces
error-store-account-not-approved = The store account can be set once your store application is approved
error-store-account-set = The store account has already been set
error-store-account-taken = This store account is taken. Please choose another one

## reviews
error-review-item-not-found = This order item does not exist
error-review-order-not-found = This order does not exist
error-review-not-received = You can review an item once you have received it
error-review-done = You have already reviewed this item
error-review-score = Choose a score from { $min } to { $max } stars
error-review-text = The review can be up to { $max } characters
error-review-text-blank = Write a few words about the item: a review cannot be only spaces
error-review-text-control = The review contains characters that cannot be shown
error-review-pics-count = A review can have up to { $max } pictures
error-review-pic = Upload the review's pictures again: one of them is not a picture you uploaded

## refunds
error-refund-order-not-found = This order does not exist
error-refund-not-found = This refund application does not exist
error-refund-not-refundable = This order cannot be refunded: it is not paid, it is closed, or everything paid has been asked back already
error-refund-not-shipped = Goods that have not been shipped cannot be returned; choose refund only
error-refund-apply-type = Choose refund only or return and refund
error-refund-reason = Choose a reason for the refund
error-refund-goods-min = The refund quantity must be at least 1
error-refund-goods-max = The refund quantity can be at most { $max }
error-refund-amount-min = The refund amount must be at least 0.01
error-refund-amount-max = The refund amount can be at most ${ $max }
error-refund-note = The note can be up to { $max } characters
error-refund-note-control = The note contains characters that cannot be shown
error-refund-vouchers = You can add up to { $max } vouchers
error-refund-voucher = Upload the vouchers again: one of them is not a picture you uploaded
error-refund-state = This refund application cannot do that now; reload the page to see where it stands
error-refund-exceeds = Another application already asks for what is left of this order
error-refund-carrier = Enter the carrier (up to { $max } characters)
error-refund-tracking = Enter the tracking number (up to { $max } letters, digits or dashes)
error-refund-mobile = Enter a mobile number of { $digits } digits
error-refund-intervention-reason = Explain why the platform should intervene (up to { $max } characters)
error-refund-intervention-vouchers = You can add up to { $max } vouchers for the platform

## invoices
error-invoice-order-not-found = This order does not exist
error-invoice-not-paid = An invoice can be requested once the order is paid
error-invoice-duplicate = An invoice has already been requested for this order
error-invoice-header-type = Choose whether the invoice is for a person or a unit
error-invoice-title-missing = Enter the invoice title
error-invoice-title = The invoice title can be up to { $max } characters on one line
error-invoice-tax-number-missing = Enter the unit's taxpayer ID
error-invoice-tax-number = Enter a valid taxpayer ID: 15, 17, 18 or 20 letters and digits, or a Cambodian TIN such as K001-901234567
error-invoice-not-issued = The invoice has not been issued yet
error-invoice-pdf-unavailable = The invoice file cannot be made right now. Please try again later
invoice-pdf-title = Invoice
invoice-pdf-electronic = Electronic invoice
invoice-pdf-number = No.
invoice-pdf-issued = Issued
invoice-pdf-seller = Seller
invoice-pdf-buyer = Bill to
invoice-pdf-personal = Personal
invoice-pdf-unit = Unit
invoice-pdf-tax-number = Taxpayer ID
invoice-pdf-order-number = Order number
invoice-pdf-order-date = Ordered
invoice-pdf-item = Item
invoice-pdf-quantity = Qty
invoice-pdf-unit-price = Unit price
invoice-pdf-amount = Amount
invoice-pdf-more-items = { $count ->
    [one] and { $count } more item
   *[other] and { $count } more items
}
invoice-pdf-goods = Goods
invoice-pdf-freight = Shipping
invoice-pdf-discount = Discounts
invoice-pdf-total = Amount paid
invoice-pdf-currency = Amounts in US dollars (USD)
invoice-pdf-footer = Issued by { $shop } through Mekong Mall. This invoice was generated electronically.

## wallet
error-sign-in-done = You have already signed in today. Come back tomorrow

## points-mall
error-score-prod-not-found = This item is not in the points mall
error-score-prod-sold-out = This item is sold out
error-score-prod-stock = Only { $stocks } of this item are left
error-score-points-insufficient = Not enough points: this takes { $needed } points and you have { $points }
error-score-order-count = Redeem 1 to { $max } units at a time

## members
error-member-plan = Choose one of the membership plans

## chat
chat-platform-name = Mall customer service
error-chat-not-found = This conversation does not exist
error-chat-no-support = No Chat Support available from this shop
error-chat-no-shop = There No Shop Chat Support
error-chat-own-shop = You answer this shop's chat yourself
error-chat-empty = Write a message first
error-chat-too-long = A message may have at most { $max } characters
error-chat-client-msg-id = The message has no valid id (at most { $max } letters and digits)
error-chat-picture = Send a picture you have uploaded
error-chat-card = This product card cannot be sent
error-chat-too-fast = You are sending messages too fast (at most { $max } in 10 seconds). Wait a moment and try again
error-chat-frame-too-large = This message is too large (at most { $max } bytes)
error-chat-bad-frame = The message could not be read
error-chat-not-websocket = The chat connection must be a WebSocket

# Issue 47: open gateway payments per buyer.
error-pay-too-many-open = You already have { $max } payments waiting to be completed. Complete one, or try again in { $minutes } minutes when the oldest expires
