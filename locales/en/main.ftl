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
toast-server-hiccup = The server is having a minor hiccup
toast-error = Error

## Pages
home-title = Home
home-description = Shop thousands of products from trusted shops, compare prices and pay your way.
home-hot-searches = Hot searches
not-found-title = Page not found
not-found-text = Sorry, the page you are looking for does not exist or has moved.
not-found-home = Back to home
login-title = Sign in
login-text = Please sign in to continue. New here? Sign in with a one-time code to create your account.
