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
upload-error-duplicate = This picture is already added as picture { $n }: it is kept once

## Comparison
pc-title = Price comparison
pc-close = Close the price comparison
pc-info = How we display price and shops
pc-loading = Loading the comparison…
pc-buy-now = Buy Now
pc-add-to-cart = Add to Cart
pc-add-supplier = Add Supplier to Compare
pc-price = Price
pc-stock = Stock: { $count }
pc-out-of-stock = Out of stock
pc-sold = { $count } sold
pc-rating = Rating { $rating }
pc-followers = { $count } followers
pc-go-to-shop = Go to shop
pc-delivery = Delivery in about { $days } days
pc-per-pack = { $qty } per pack
pc-this-product = This product
pc-added-by-you = Added by you
pc-col-remove = Remove
pc-col-description = Product description
pc-col-price = Price, stock and sold
pc-col-supplier = Supplier
pc-col-actions = Actions
pc-remove-item = Remove { $name } from the comparison
pc-sort-label = Sort the offers
pc-sort-rating-high = Shop rating: high to low
pc-sort-rating-low = Shop rating: low to high
pc-sort-price-low = Price: low to high
pc-sort-price-high = Price: high to low
pc-empty = No Comparison Data Available
pc-refresh = Refresh Data
pc-refreshing = Refreshing comparison data...
pc-similar-title = Compare with Similar Product
pc-similar-open = Choose similar products
pc-similar-empty = No Similar Products Found
pc-similar-add-one = Add { $name } to the comparison
pc-already-added = Already Added
pc-info-title = How we display price and shops
pc-info-updates = Prices are updated 3 to 5 times a day, so an offer may have changed by the time you open it; the product's own page always shows its current price.
pc-info-order = Offers are sorted by price and then by tie-breakers: the higher shop rating first, then the older listing. You can sort them by shop rating instead, and add or remove suppliers as you like.
pc-info-close = Got it
pc-picker-title = Add Supplier to Compare
pc-picker-search = Search suppliers or products
pc-picker-add = Add to Compare ({ $count })
pc-picker-none = No suppliers available right now
pc-picker-not-found = Supplier/Product Not Found
pc-picker-removed = Removed earlier
pc-modal-close = Close
pc-similar-modal-title = Compare with Similar Product
pc-similar-search = Search similar products
pc-similar-search-hint = Type to search, choose with Enter; Backspace removes the last choice.
pc-similar-suggestions = Suggestions
pc-similar-in-table = Already in the comparison
pc-similar-main = The product you compare
pc-similar-remove-tag = Remove { $name }
pc-similar-add = Add to Compare ({ $count })
pc-similar-searching = Searching…
pc-msg-already = { $count ->
    [one] Supplier "{ $names }" is already in the comparison list.
   *[other] Suppliers { $names } are already in the comparison list.
}
pc-msg-added-one = Supplier "{ $name }" has been added to the comparison.
pc-msg-added-many = { $count } new suppliers have been added to the comparison.
pc-msg-removed = Item has been removed from comparison.
pc-cart-added = Successfully added to cart
pc-cart-failed = Failed to add to cart. Please try again.
pc-buy-failed = Failed to process buy now. Please try again.
pc-history-title = Price history
pc-history-period = Period
pc-period-week = Week
pc-period-month = Month
pc-period-quarter = Quarter
pc-period-year = Year
pc-history-summary = Lowest { $lowest } · Highest { $highest } · Current { $current }
pc-history-chart = Price from { $from } to { $to }: lowest { $lowest }, highest { $highest }, now { $current }
pc-history-failed = The price history could not be loaded.

## chat-ui
chat-title = Chat
chat-agent-account = You answer chats for a shop or the platform. Reply to buyers in the
chat-agent-title = Customer service console
chat-open-page = Open full page
chat-close = Close chat
chat-conversations = Conversations
chat-agent-conversations = Buyers' conversations
chat-loading = Loading…
chat-load-failed = The conversations could not be loaded.
chat-retry = Try again
chat-list-empty = No conversations yet. Contact a shop from its page or a product.
chat-agent-empty = No buyer has written yet.
chat-buyer = Buyer
chat-platform = Platform customer service
chat-contact-platform = Contact platform customer service
chat-no-messages-yet = No messages yet
chat-unread-count = { $count } unread
chat-messages = Messages
chat-select = Choose a conversation on the left.
chat-agent-select = Choose a buyer's conversation to answer.
chat-open-failed = The conversation could not be opened.
chat-typing = { $name } is typing…
chat-status-connecting = Connecting…
chat-status-offline = Offline, reconnecting…
chat-messages-with = Messages with { $name }
chat-load-older = Load earlier messages
chat-start = The beginning of the conversation
chat-history-failed = The messages could not be loaded.
chat-empty = No messages yet. Say hello!
chat-you = You
chat-read = Read
chat-unread = Unread
chat-sending = Sending…
chat-failed = Not sent
chat-resend = Resend
chat-discard = Remove
chat-picture = Picture
chat-picture-failed = The picture could not be sent.
chat-product-context = The product you are viewing
chat-product-failed = The product could not be loaded.
chat-send-product = Send product
chat-input-label = Message
chat-input-placeholder = Write a message…
chat-input-hint = Enter sends, Shift+Enter starts a new line
chat-send = Send
chat-send-picture = Send picture
chat-uploading = Uploading { $percent }%
chat-too-long = A message has at most { $max } characters.
chat-preview-picture = [Picture]
chat-preview-card = [Product]
