# Storefront texts (English). Keys are shared by zh-CN and km.
site-name = Mekong Mall
a11y-skip-to-content = Skip to content

## Header top bar
header-welcome = Welcome to Mekong Mall!
header-notices = Platform notices
header-top-nav = Account and settings
header-login = Login
header-register = Registration
header-no-nickname = No Nickname
header-personal-centre = Personal Centre
header-my-orders = My Orders
header-membership-centre = Membership Centre
header-my-collection = My Collection
header-coupons = Coupons
header-logout = Logout
header-seller-centre = Sellers' Centre
header-mobile-mall = Mobile Mall
header-mobile-mall-qr = QR code of the mobile mall
header-mobile-mall-scan = Scan to shop on your phone
header-cart = Cart
header-my-cart = My Cart
header-language = Language
header-currency = Currency

## Search
search-type-label = Search for
search-type-goods = Products
search-type-shop = Shops
search-button = Search
search-placeholder-goods = Search products
search-placeholder-shop = Search shops
search-empty-goods = product name cannot be empty
search-empty-shop = store name cannot be empty
search-hot-words = Hot searches

## Footer
footer-nav = Shopping guide
footer-hot-sale = Hot Sale
footer-new-arrival = New Arrival
footer-group-discount = Group Discount
footer-voucher-center = Voucher Center
footer-limited-offer = Limited Time Offer
footer-company-info = A marketplace of trusted shops, delivered across Cambodia.
footer-terms = Terms of Service
footer-privacy = Privacy Policy
footer-copyright = © 2026 Mekong Mall. All rights reserved.

## Quick menu
quick-menu = Quick actions
quick-sign-in = Sign In
quick-account = My Account
quick-cart = Cart
quick-shop = Shops
quick-chat = Chat
quick-top = Top

## Toasts shown by the browser-side code
toast-error = Error

## Pages
home-title = Home
home-description = Shop thousands of products from trusted shops, compare prices and pay your way.
not-found-title = Page not found
not-found-text = Sorry, the page you are looking for does not exist or has moved.
not-found-home = Back to home
login-title = Sign in
login-text = Please sign in to continue. New here? Sign in with a one-time code to create your account.

## Cards and home sections
card-self-operated = Self-operated
card-off-shelf = Off the shelf
card-sold = { $count } sold
shop-followers = { $count } followers
shop-offline = Offline
carousel-label = Banners
carousel-prev = Previous banner
carousel-next = Next banner
category-menu = All categories
home-hot-sales = Hot Sales
home-new-arrivals = New Arrivals
home-flash-sale = Spike Special
home-group-buy = Group Buy
home-discount = Discount
home-coupons = Coupons
home-hot-shops = Preferred Stores
home-see-more = See more
home-nothing-now = Nothing here right now. Please check back soon.
countdown-ends-in = Ends in
countdown-starts-in = Starts in
coupon-condition = Orders over { $amount }
coupon-no-condition = No minimum spend
discount-zhe = { $value } off
discount-percent-off = { $percent }% OFF

## Product list
list-title = All products
list-title-search = Results for “{ $keyword }”
list-title-recommended = Recommended for you
list-sort = Sort by
list-sort-default = Default
list-sort-sales = Sales
list-sort-new = Newest
list-sort-price-up = Price: low to high
list-sort-price-down = Price: high to low
list-total = { $count } products
list-empty = Sorry, no related products found
list-look-at-others = Look at others
list-pages = Pages
list-prev = Previous
list-next = Next
list-page-of = Page { $current } of { $pages }

## Product detail
detail-default-spec = Standard
detail-spec = Specification
detail-quantity = Quantity
detail-stock = Stock: { $count }
detail-sold-out = Sold out
detail-off-shelf = goods off the shelves
detail-add-to-cart = Add to Cart
detail-buy-now = Buy Now
detail-decrease = Decrease quantity
detail-increase = Increase quantity
detail-group-size = { $count } people per group
detail-flash-limit = Limit { $count } per buyer
detail-buy-alone = Buy Alone
detail-start-group = Start a Group
detail-groups-title = Join a group
detail-groups-empty = No open groups yet. Start one and invite your friends.
detail-group-row = { $name }'s group: { $count } more needed
detail-join-group = Join
detail-pictures = Product pictures
detail-rating = Rating { $rating }
detail-visit-shop = Go to shop
detail-description = Product details
cart-added = Successfully added to cart
cart-add-failed = Failed to add to cart. Please try again.
cart-buy-now-failed = Failed to process buy now. Please try again.

## Shops
shop-type-general = General shop
shop-type-preferred = Preferred shop
shop-hot-products = Hot products
shop-qualifications = Qualifications
shop-contact = Contact service
shop-collect = Collect shop
shop-collected = Collected
shop-collect-success = Collected successfully
shop-uncollected = Uncollected
shop-nav = Shop navigation
shop-home = Shop home
shop-all-products = All products
shop-notices = Notices
shop-announcement = Announcement
shop-search-placeholder = Search in this shop
shop-name-label = Shop name
shop-intro-label = Introduction
shop-contact-label = Contact
shop-list-title = Shops
shop-list-empty = No shops found

## Notices and terms
notice-all = All notices
notice-list-title = Platform notices
notice-list-shop = Notices of { $shop }
notice-none = There are no notices yet.
terms-service-body =
    Welcome to Mekong Mall. By using this website you agree to these terms.
    Mekong Mall is a marketplace: each product is sold by the shop named on its page, which is responsible for the product, its description, delivery and after-sales service. Products sold by the self-operated shop are sold by Mekong Mall itself.
    Prices are shown in US dollars or Cambodian riel at the rate shown; the amount charged is the one confirmed when you submit your order.
    You are responsible for keeping your account and password safe. Orders placed from your account are treated as placed by you.
    Refunds and returns follow the refund process in your account. A shop replies to a refund request within 7 days; otherwise the platform refunds you automatically.
    We may update these terms; the version published here applies to orders placed after the update.
terms-privacy-body =
    This policy explains what personal data Mekong Mall keeps and why.
    We keep the data you give us to run your account and deliver your orders: your e-mail address or phone number, your nickname, your delivery addresses and your orders.
    We record which pages are visited, with a random visitor number, to improve the shop. This record does not contain your name, e-mail address or phone number.
    Shops receive only the data they need to deliver your order: the recipient's name, phone number and address.
    Passwords are stored only as secure one-way hashes. Sign-in sessions end after 30 minutes without activity.
    You can ask us to export or delete your data at any time through customer service.
discount-amount-off = { $amount } off
coupon-valid-days = Valid for { $days } days after claiming
coupon-valid-until = Valid until { $date }

## Decorated pages
renovation-ended = Ended
renovation-hotspot = Open offer
page-not-found-warning = This page was not found. It may have been removed.
search-group-products = Products
search-group-shops = Shops
search-searching = Searching for suggestions...
search-no-suggestions = No suggestions found

## Registration and password recovery
register-title = Create your account
register-text = Enter your e-mail or phone number, get a one-time code and set a password.
forgot-link = Forgot your password?
forgot-title = Reset your password
forgot-text = We will send a one-time code to the e-mail address or phone number of your account.
forgot-account = E-mail or phone number
forgot-account-placeholder = you@example.com or 012345678
forgot-code = Verification code
forgot-send-code = Send Code
forgot-resend-in = Resend in { $seconds } s
forgot-new-password = New password
forgot-confirm-password = Confirm Password
forgot-submit = Reset password
forgot-invalid-account = Please enter a valid email address or phone number
forgot-code-empty = Please enter the verification code
forgot-password-rule = Use 8-20 characters with letters, digits and special symbols
forgot-confirm-empty = Please confirm your password
forgot-mismatch = Passwords do not match
forgot-code-sent = If an account uses this e-mail or phone, a code is on its way
forgot-done = Your password has been changed. Taking you to sign in...

## Third-party sign-in return and the bind-email dialog
third-login-title = Signing in
third-login-text = Finishing your sign-in with Google or Facebook.
third-login-working = Signing you in...
third-login-signed-in = Signed in. Taking you back...
third-login-failed = Signing in with the provider did not succeed. Please try again.
third-login-back = Back to sign in
third-login-nojs = Signing in with Google or Facebook needs JavaScript. Please turn it on and try again, or sign in with your e-mail or phone.
bind-title = Bind your e-mail
bind-text = This account is new here. Enter your e-mail address and the code we send to it to finish signing in.
bind-email = E-mail
bind-email-placeholder = you@example.com
bind-code = Verification code
bind-code-placeholder = 6-character code
bind-get-code = Get Code
bind-resend-in = { $seconds } s
bind-submit = Bind and sign in
bind-code-sent = The code has been sent
bind-email-invalid = Please enter a valid email address
bind-code-empty = Please enter the verification code
bind-success = Bound successfully

# Discount and coupon pages, share card, empty states
coupon-valid-days-later = Valid for { $days } days, starting { $after } days after claiming
coupon-claim = Claim
coupon-claimed = Claimed
coupon-claimed-toast = Coupon claimed. Find it under My coupons.
coupon-unavailable = Unavailable
coupon-sold-out = All claimed
coupon-left = { $count } left
coupon-platform = All shops
coupon-none = No coupons to claim right now
coupon-products = Products you can use it on
discount-products = Products in this discount
activity-ended = Ended
share = Share
share-qr = QR code of this product's page
share-copy = Copy link
share-copied = Link copied
share-copy-failed = Could not copy. Please copy the link by hand.
share-default-title = Product Name
share-default-desc = Product Description
no-data-refresh = Refresh
loading = Loading…
breadcrumb = Breadcrumb
list-categories = Categories
shop-categories = Categories
dev-mailbox-title = Development mailbox
dev-mailbox-note = Mails and text messages this development server would have sent. Shown only in development mode.
dev-mailbox-to = Email address or phone number
dev-mailbox-open = Open
dev-mailbox-empty = No messages to this address yet.

## User centre
uc-nav-home = Overview
uc-nav-coupons = My Coupons
uc-home-greeting = Hello, { $name }
uc-coupons-unused = Not used
uc-coupons-used = Used
uc-coupons-expired = Expired
uc-coupons-empty = No coupons here
uc-coupons-get = Get coupons

## user centre: overview and orders

## user centre: favourites and footprints
detail-collect = Collect
detail-collected = Collected
# prodDetail.collectionSuccess
detail-collection-success = Collected successfully
# prodDetail.uncollected
detail-uncollected = Removed from your collection
uc-nav-collection = My Collection
uc-nav-footprint = My Footprints
uc-collection-products = Favourite products
uc-collection-shops = Favourite shops
uc-collection-remove = Remove
uc-collection-remove-item = Remove { $name } from my collection
uc-collection-remove-failed = Could not remove it. Please try again.
uc-collection-off-sale = No longer on sale
uc-collection-collected-on = Collected on { $date }
uc-collection-empty-products = You have not collected any products yet
uc-collection-empty-shops = You do not follow any shops yet
uc-collection-browse-products = Browse products
uc-collection-browse-shops = Discover shops
uc-collection-last-page = Go to the last page
uc-footprint-note = { $count } products viewed; your latest { $max } views are kept.
uc-footprint-today = Today
uc-footprint-yesterday = Yesterday
uc-footprint-date = { $month } { $day }, { $year }
uc-footprint-month-1 = January
uc-footprint-month-2 = February
uc-footprint-month-3 = March
uc-footprint-month-4 = April
uc-footprint-month-5 = May
uc-footprint-month-6 = June
uc-footprint-month-7 = July
uc-footprint-month-8 = August
uc-footprint-month-9 = September
uc-footprint-month-10 = October
uc-footprint-month-11 = November
uc-footprint-month-12 = December
uc-footprint-viewed-at = Viewed at { $time }
uc-footprint-delete = Delete
uc-footprint-delete-item = Delete { $name } from my footprints
uc-footprint-delete-day = Delete this day
uc-footprint-delete-day-of = Delete the footprints of { $day }
uc-footprint-clear = Clear all
uc-footprint-confirm-one = Delete this footprint?
uc-footprint-confirm-day = Delete all footprints of { $day }?
uc-footprint-confirm-all = Delete your whole browsing history?
uc-footprint-deleted = Deleted
uc-footprint-delete-failed = Could not delete it. Please try again.
uc-footprint-empty = You have not viewed any products yet
uc-footprint-browse = Go shopping

## user centre: profile, passwords and binding

## user centre: addresses and opening a shop

# Cart
cart-title = Shopping cart
cart-guest-title = Sign in to see your cart
cart-guest-text = Your cart is kept with your account, on every device.
cart-sign-in = Sign in
cart-empty = Your cart is empty
cart-go-shopping = Go shopping
cart-select-all = Select all
cart-select-shop = Select every item of { $shop }
cart-select-item = Select { $name }
cart-col-product = Product
cart-col-price = Unit price
cart-col-quantity = Quantity
cart-col-subtotal = Subtotal
cart-col-actions = Actions
cart-quantity-of = Quantity of { $name }
cart-decrease = Decrease quantity
cart-increase = Increase quantity
cart-stock = Stock: { $count }
cart-remove = Remove
cart-remove-item = Remove { $name } from the cart
cart-remove-selected = Remove selected
cart-remove-confirm = Remove the selected items from your cart?
cart-removed = Removed from the cart
cart-remove-failed = Failed to remove the items. Please try again.
cart-change-failed = Failed to change the quantity. Please try again.
cart-off-shelf = goods off the shelves
cart-out-of-stock = Out of stock
cart-shop-offline = The shop is offline
cart-selected = Selected: { $count }
cart-total = Total:
cart-savings = You save { $amount }
cart-settle = Settle
cart-settle-none = Select the items you want to settle.
cart-settle-limit = Cart settlement maximum { $max } items
cart-settle-failed = Failed to settle. Please try again.
cart-busy = Updating the cart…

# Submit order
order-confirm-title = Submit order
order-confirm-loading = Preparing your order…
order-confirm-missing = There is nothing to order. Choose items in your cart first.
order-confirm-back-to-cart = Back to the cart
order-confirm-failed = The order could not be prepared. Please try again.
order-confirm-retry = Try again
order-address = Delivery address
order-address-default = Default
order-address-add = Add a new address
order-address-none = Please add a delivery address.
order-address-receiver = Receiver
order-address-mobile = Phone
order-address-post-code = Postal code
order-address-detail = Detailed address
order-address-save = Save address
order-address-cancel = Cancel
order-address-receiver-missing = Please enter the receiver's name
order-address-receiver-too-long = The name can have at most { $max } characters
order-address-mobile-invalid = Please enter a valid phone number
order-address-post-code-invalid = Please enter a valid postal code
order-address-detail-length = The detailed address must be { $min } to { $max } characters
order-address-saved = Address saved
order-address-failed = Failed to save the address. Please try again.
order-item-count = { $count } items
order-remarks = Message to the merchant
order-remarks-placeholder = Optional: anything the merchant should know
order-delivery = Estimated delivery in { $days } days
order-freight = Freight
order-freight-free = Free shipping
order-coupon-shop = Shop coupon
order-coupon-platform = Platform coupon
order-coupon-none = No coupon
order-points = Points
order-points-have = You have { $points } points; up to { $max } can be used on this order.
order-points-step = Points are used in multiples of { $step }.
order-goods-total = Goods
order-coupons-total = Coupons
order-member-discount = Member discount
order-points-reduce = Points
order-actual-total = Total to pay
order-group-title = Group buy
order-group-waiting = Pay this order to open your group to others.
order-group-open = Grouping: { $count } more needed before the group closes.
order-group-filled = The group is complete. Your order is on its way to delivery.
order-group-failed = The group did not fill in time. The order was cancelled.
order-group-places = { $joined } of { $places } places paid
order-submit = Submit order
order-submitting = Submitting…
order-updating = Updating the amounts…
order-expired = The order expired and has been refreshed. Please check it and submit again.
order-submit-failed = Failed to submit the order. Please try again.

# Order detail
order-detail-title = Order details
order-number = Order number: { $number }
order-status-unpaid = Pending payment
order-status-paid = Pending delivery
order-status-shipped = Pending receipt
order-status-received = Pending evaluation
order-status-completed = Completed
order-status-canceled = Canceled
order-status-grouping = Grouping
order-timeline = Order progress
order-time-created = Order placed
order-time-paid = Paid
order-time-shipped = Shipped
order-time-finished = Received
order-time-canceled = Canceled
order-pay-within = Pay within
order-points-used = Points ({ $points })
order-cancel = Cancel order
order-cancel-confirm = Cancel this order? Its items, coupons and points go back.
order-cancel-done = The order was canceled
order-receipt = Confirm receipt
order-receipt-confirm = Have you received the goods of this order?
order-receipt-done = Receipt confirmed
order-action-failed = The order could not be changed. Please try again.

# Payment checkout counter
payment-title = Payment checkout counter
payment-loading = Loading the orders to pay…
payment-load-failed = The orders to pay could not be loaded. Please try again.
payment-retry = Try again
payment-missing = There is no order to pay here.
payment-continue-shopping = Continue shopping
payment-orders = Orders to pay
payment-order-link = Order { $number }
payment-order-quantity = Qty { $count }
payment-amount-due = Amount due
payment-points-due = { $points } points
payment-pay-within = Pay within
payment-methods = Payment method
payment-methods-loading = Loading the payment methods…
payment-methods-failed = The payment methods could not be loaded.
payment-method-points = Points
payment-method-balance = Balance
payment-method-paypal = PayPal
payment-method-paypal-card = Debit or credit card (PayPal)
payment-method-stripe = Card (Stripe)
payment-method-upay = UPAY
payment-method-upay-app = UPAY app
payment-method-aba = ABA PayWay
payment-method-aba-app = ABA Mobile app
payment-balance-have = Available balance: { $amount }
payment-balance-short = Insufficient balance: your balance is { $amount }.
payment-points-have = You have { $points } points
payment-points-short = Not enough points: you have { $points }.
payment-pay-now = Pay now
payment-paying = Paying…
payment-no-way-title = Payment unavailable
payment-no-way = No payment method is available at the moment. Please try again later or contact customer service.
payment-ok = OK
payment-password-title = Enter your payment password
payment-password-label = Payment password (6 digits)
payment-password-amount = Pay { $amount } from your balance.
payment-password-invalid = Please enter the 6 digits of your payment password.
payment-confirm-pay = Confirm payment
payment-cancel = Cancel
payment-set-password-title = Set a payment password
payment-set-password-text = Paying from your balance needs a 6-digit payment password. Set one now; you will use it for every balance payment.
payment-new-password = New payment password (6 digits)
payment-confirm-password = Enter it again
payment-sign-in-password = Sign-in password
payment-sign-in-password-hint = The password you sign in to your account with.
payment-set-password-save = Set payment password
payment-saving = Saving…
payment-password-mismatch = The two payment passwords do not match.
payment-password-set = Payment password set
payment-call-failed = The payment could not be started. Please try again.
payment-redirecting = Taking you to { $method }…
payment-qr-title = Scan to pay with { $method }
payment-qr-alt = QR code to pay with { $method }
payment-open-app = Open { $method }
payment-app-opened = { $method } should open now. Paying on another device? Scan this code instead.
payment-qr-expires = The QR code expires in
payment-qr-waiting = Waiting for your payment…
payment-charge = Charged: { $amount }
payment-charged-in-usd = Charged in US dollars: { $amount }
payment-qr-expired = QR code expired
payment-qr-expired-text = This QR code can no longer be paid. Refresh to get a new one.
payment-refresh = Refresh
payment-other-method = Choose another method
payment-checking = Checking your payment…
payment-check-slow = We have not heard from the payment provider yet. If you paid, it will show here shortly.
payment-check-again = Check again
payment-paid = Payment successful
payment-paid-text = Thank you! Your payment has been received.
payment-going-to-order = Taking you to your order…
payment-topped-up = Your balance has been topped up.
payment-top-up-again = Nothing was charged. You can top up again from your account.
payment-failed = Payment failed
payment-failed-text = Nothing was charged. Choose a payment method to try again.
payment-cancelled = Payment not completed
payment-cancelled-text = You left the payment page before paying. Your order is still waiting: choose a method to pay.
payment-refunded = Payment being refunded
payment-refunded-text = Your payment arrived after the orders had expired or been cancelled, so the money is being returned to you.
payment-order-expired = Order expired
payment-order-expired-text = The time to pay has run out, and the orders have been cancelled.
payment-closed = Nothing to pay
payment-closed-text = These orders have expired or been cancelled and can no longer be paid.
