# 商城前台文案（简体中文）。
site-name = 湄公商城
a11y-skip-to-content = 跳到主要内容

## 顶部栏
header-welcome = 欢迎来到 湄公商城！
header-notices = 平台公告
header-top-nav = 账户与设置
header-login = 登录
header-register = 注册
header-no-nickname = 暂无昵称
header-personal-centre = 个人中心
header-my-orders = 我的订单
header-membership-centre = 会员中心
header-my-collection = 我的收藏
header-coupons = 优惠券
header-logout = 退出登录
header-seller-centre = 商家中心
header-mobile-mall = 手机商城
header-mobile-mall-qr = 手机商城二维码
header-mobile-mall-scan = 扫码用手机购物
header-cart = 购物车
header-my-cart = 我的购物车
header-language = 语言
header-currency = 货币

## 搜索
search-type-label = 搜索类型
search-type-goods = 商品
search-type-shop = 店铺
search-button = 搜索
search-placeholder-goods = 搜索商品
search-placeholder-shop = 搜索店铺
search-empty-goods = 商品名称不能为空
search-empty-shop = 店铺名称不能为空
search-hot-words = 热门搜索

## 页脚
footer-nav = 购物指南
footer-hot-sale = 热销商品
footer-new-arrival = 新品上市
footer-group-discount = 拼团优惠
footer-voucher-center = 领券中心
footer-limited-offer = 限时特惠
footer-company-info = 汇聚可信店铺的购物平台，配送覆盖柬埔寨全境。
footer-terms = 服务条款
footer-privacy = 隐私政策
footer-copyright = © 2026 湄公商城 版权所有

## 快捷菜单
quick-menu = 快捷操作
quick-sign-in = 登录
quick-account = 我的账户
quick-cart = 购物车
quick-shop = 店铺
quick-chat = 客服
quick-top = 顶部

## 浏览器端提示
toast-error = 错误

## 页面
home-title = 首页
home-description = 选购来自可信店铺的海量商品，比价购物，随心支付。
not-found-title = 页面不存在
not-found-text = 抱歉，您访问的页面不存在或已被移动。
not-found-home = 返回首页
login-title = 登录
login-text = 请登录后继续。新用户可使用验证码登录并创建账户。

## 卡片与首页栏目
card-self-operated = 自营
card-off-shelf = 已下架
card-sold = 已售 { $count }
shop-followers = { $count } 人关注
shop-offline = 已下线
carousel-label = 轮播图
carousel-prev = 上一张
carousel-next = 下一张
category-menu = 全部分类
home-hot-sales = 热销商品
home-new-arrivals = 新品上市
home-flash-sale = 秒杀专区
home-group-buy = 拼团
home-discount = 限时折扣
home-coupons = 优惠券
home-hot-shops = 优选店铺
home-see-more = 查看更多
home-nothing-now = 暂无内容，敬请期待。
countdown-ends-in = 距结束
countdown-starts-in = 距开始
coupon-condition = 满 { $amount } 可用
coupon-no-condition = 无门槛
discount-zhe = { $value }折
discount-percent-off = { $percent }% 折扣

## 商品列表
list-title = 全部商品
list-title-search = “{ $keyword }”的搜索结果
list-title-recommended = 为你推荐
list-sort = 排序
list-sort-default = 综合
list-sort-sales = 销量
list-sort-new = 最新
list-sort-price-up = 价格从低到高
list-sort-price-down = 价格从高到低
list-total = 共 { $count } 件商品
list-empty = 抱歉，没有找到相关商品
list-look-at-others = 看看别的
list-pages = 分页
list-prev = 上一页
list-next = 下一页
list-page-of = 第 { $current } / { $pages } 页

## 商品详情
detail-default-spec = 标准
detail-spec = 规格
detail-quantity = 数量
detail-stock = 库存：{ $count }
detail-sold-out = 已售罄
detail-off-shelf = 商品已下架
detail-add-to-cart = 加入购物车
detail-buy-now = 立即购买
detail-decrease = 减少数量
detail-increase = 增加数量
detail-group-size = { $count } 人成团
detail-flash-limit = 每人限购 { $count } 件
detail-buy-alone = 单独购买
detail-start-group = 发起拼团
detail-groups-title = 参加拼团
detail-groups-empty = 暂无可参加的团，发起一个并邀请好友吧
detail-group-row = { $name } 的团：还差 { $count } 人
detail-join-group = 去参团
detail-pictures = 商品图片
detail-rating = 评分 { $rating }
detail-visit-shop = 进入店铺
detail-description = 商品详情
cart-added = 成功加入购物车
cart-add-failed = 加入购物车失败，请重试。
cart-buy-now-failed = 立即购买失败，请重试。

## 店铺
shop-type-general = 普通店铺
shop-type-preferred = 优选店铺
shop-hot-products = 热门商品
shop-qualifications = 店铺资质
shop-contact = 联系客服
shop-collect = 收藏店铺
shop-collected = 已收藏
shop-collect-success = 收藏成功
shop-uncollected = 已取消收藏
shop-nav = 店铺导航
shop-home = 店铺首页
shop-all-products = 全部商品
shop-notices = 店铺公告
shop-announcement = 公告
shop-search-placeholder = 搜索本店商品
shop-name-label = 店铺名称
shop-intro-label = 店铺简介
shop-contact-label = 联系方式
shop-list-title = 店铺
shop-list-empty = 没有找到店铺

## 公告与条款
notice-all = 全部公告
notice-list-title = 平台公告
notice-list-shop = { $shop } 的公告
notice-none = 暂无公告。
terms-service-body =
    欢迎来到湄公商城。使用本网站即表示您同意本条款。
    湄公商城是一个购物平台：每件商品由其页面上注明的店铺销售，该店铺对商品、商品描述、配送和售后服务负责。自营店铺的商品由湄公商城直接销售。
    价格以美元或按所示汇率折算的柬埔寨瑞尔显示；实际收取的金额以提交订单时确认的金额为准。
    请妥善保管您的账户和密码。通过您的账户提交的订单视为您本人提交。
    退款和退货按照您账户中的退款流程处理。店铺须在 7 天内答复退款申请，否则平台将自动为您退款。
    我们可能更新本条款；更新后提交的订单适用此处公布的版本。
terms-privacy-body =
    本政策说明湄公商城保存哪些个人数据以及原因。
    我们保存您提供的、用于运行账户和配送订单的数据：电子邮箱或手机号、昵称、收货地址和订单。
    我们使用随机访客编号记录页面访问情况，以改进商城。该记录不包含您的姓名、电子邮箱或手机号。
    店铺只会收到配送订单所需的数据：收货人姓名、电话和地址。
    密码仅以安全的单向哈希形式保存。登录会话在 30 分钟无操作后结束。
    您可以随时通过客服要求导出或删除您的数据。
discount-amount-off = 立减 { $amount }
coupon-valid-days = 领取后 { $days } 天内有效
coupon-valid-until = 有效期至 { $date }

## 装修页面
renovation-ended = 已结束
renovation-hotspot = 查看活动
page-not-found-warning = 页面不存在，可能已被删除。
search-group-products = 商品
search-group-shops = 店铺
search-searching = 正在搜索建议……
search-no-suggestions = 没有找到建议

## 注册与找回密码
register-title = 创建账户
register-text = 输入邮箱或手机号，获取验证码并设置密码。
forgot-link = 忘记密码？
forgot-title = 重置密码
forgot-text = 我们会向您账户的邮箱或手机号发送一次性验证码。
forgot-account = 邮箱或手机号
forgot-account-placeholder = you@example.com 或 012345678
forgot-code = 验证码
forgot-send-code = 发送验证码
forgot-resend-in = { $seconds } 秒后重发
forgot-new-password = 新密码
forgot-confirm-password = 确认密码
forgot-submit = 重置密码
forgot-invalid-account = 请输入有效的邮箱或手机号
forgot-code-empty = 请输入验证码
forgot-password-rule = 请使用 8-20 位字符，包含字母、数字和特殊符号
forgot-confirm-empty = 请确认密码
forgot-mismatch = 两次输入的密码不一致
forgot-code-sent = 如果该邮箱或手机号已注册，验证码正在发送中
forgot-done = 密码已修改，正在前往登录……

## Third-party sign-in return and the bind-email dialog
third-login-title = 正在登录
third-login-text = 正在完成 Google 或 Facebook 登录。
third-login-working = 正在为您登录...
third-login-signed-in = 登录成功，正在返回...
third-login-failed = 第三方登录未成功，请重试。
third-login-back = 返回登录
third-login-nojs = 使用 Google 或 Facebook 登录需要启用 JavaScript。请启用后重试，或使用邮箱或手机号登录。
bind-title = 绑定邮箱
bind-text = 这是一个新账号。请输入您的邮箱地址以及我们发送到该邮箱的验证码，以完成登录。
bind-email = 邮箱
bind-email-placeholder = you@example.com
bind-code = 验证码
bind-code-placeholder = 6 位验证码
bind-get-code = 获取验证码
bind-resend-in = { $seconds } 秒
bind-submit = 绑定并登录
bind-code-sent = 验证码已发送
bind-email-invalid = 请输入有效的邮箱地址
bind-code-empty = 请输入验证码
bind-success = 绑定成功

# Discount and coupon pages, share card, empty states
coupon-valid-days-later = 领取 { $after } 天后生效，有效期 { $days } 天
coupon-claim = 立即领取
coupon-claimed = 已领取
coupon-claimed-toast = 领取成功，可在“我的优惠券”中查看
coupon-unavailable = 不可领取
coupon-sold-out = 已领完
coupon-left = 剩余 { $count } 张
coupon-platform = 全部店铺通用
coupon-none = 暂无可领取的优惠券
coupon-products = 可用商品
discount-products = 活动商品
activity-ended = 已结束
share = 分享
share-qr = 商品页面二维码
share-copy = 复制链接
share-copied = 链接已复制
share-copy-failed = 复制失败，请手动复制链接
share-default-title = 商品名称
share-default-desc = 商品描述
no-data-refresh = 刷新
loading = 加载中…
breadcrumb = 面包屑导航
list-categories = 分类
shop-categories = 商品分类
dev-mailbox-title = 开发邮箱
dev-mailbox-note = 本开发服务器本应发出的邮件和短信，仅在开发模式下显示。
dev-mailbox-to = 邮箱地址或手机号
dev-mailbox-open = 打开
dev-mailbox-empty = 该地址暂无消息。

## User centre
uc-nav-home = 账户概览
uc-nav-coupons = 我的优惠券
uc-home-greeting = 你好，{ $name }
uc-coupons-unused = 未使用
uc-coupons-used = 已使用
uc-coupons-expired = 已过期
uc-coupons-empty = 这里还没有优惠券
uc-coupons-get = 去领券

## user centre: overview and orders

## user centre: favourites and footprints
detail-collect = 收藏
detail-collected = 已收藏
# prodDetail.collectionSuccess
detail-collection-success = 收藏成功
# prodDetail.uncollected
detail-uncollected = 已取消收藏
uc-nav-collection = 我的收藏
uc-nav-footprint = 我的足迹
uc-collection-products = 收藏的商品
uc-collection-shops = 收藏的店铺
uc-collection-remove = 取消收藏
uc-collection-remove-item = 取消收藏 { $name }
uc-collection-remove-failed = 取消收藏失败，请重试。
uc-collection-off-sale = 已下架
uc-collection-collected-on = 收藏于 { $date }
uc-collection-empty-products = 您还没有收藏任何商品
uc-collection-empty-shops = 您还没有收藏任何店铺
uc-collection-browse-products = 去逛逛商品
uc-collection-browse-shops = 去发现店铺
uc-collection-last-page = 前往最后一页
uc-footprint-note = 共浏览 { $count } 件商品，仅保留最近 { $max } 条记录。
uc-footprint-today = 今天
uc-footprint-yesterday = 昨天
uc-footprint-date = { $year }年{ $m }月{ $day }日
uc-footprint-month-1 = 一月
uc-footprint-month-2 = 二月
uc-footprint-month-3 = 三月
uc-footprint-month-4 = 四月
uc-footprint-month-5 = 五月
uc-footprint-month-6 = 六月
uc-footprint-month-7 = 七月
uc-footprint-month-8 = 八月
uc-footprint-month-9 = 九月
uc-footprint-month-10 = 十月
uc-footprint-month-11 = 十一月
uc-footprint-month-12 = 十二月
uc-footprint-viewed-at = 浏览于 { $time }
uc-footprint-delete = 删除
uc-footprint-delete-item = 从足迹中删除 { $name }
uc-footprint-delete-day = 删除当天
uc-footprint-delete-day-of = 删除 { $day } 的足迹
uc-footprint-clear = 全部清空
uc-footprint-confirm-one = 确定删除这条足迹吗？
uc-footprint-confirm-day = 确定删除 { $day } 的全部足迹吗？
uc-footprint-confirm-all = 确定清空全部浏览记录吗？
uc-footprint-deleted = 已删除
uc-footprint-delete-failed = 删除失败，请重试。
uc-footprint-empty = 您还没有浏览过任何商品
uc-footprint-browse = 去逛逛

## user centre: profile, passwords and binding

## user centre: addresses and opening a shop

# Cart
cart-title = 购物车
cart-guest-title = 登录后查看购物车
cart-guest-text = 购物车随账号保存，在任何设备上都能看到。
cart-sign-in = 登录
cart-empty = 购物车是空的
cart-go-shopping = 去逛逛
cart-select-all = 全选
cart-select-shop = 选择 { $shop } 的全部商品
cart-select-item = 选择 { $name }
cart-col-product = 商品
cart-col-price = 单价
cart-col-quantity = 数量
cart-col-subtotal = 小计
cart-col-actions = 操作
cart-quantity-of = { $name } 的数量
cart-decrease = 减少数量
cart-increase = 增加数量
cart-stock = 库存：{ $count }
cart-remove = 删除
cart-remove-item = 从购物车删除 { $name }
cart-remove-selected = 删除选中商品
cart-remove-confirm = 确定从购物车删除选中的商品吗？
cart-removed = 已从购物车删除
cart-remove-failed = 删除失败，请重试。
cart-change-failed = 修改数量失败，请重试。
cart-off-shelf = 商品已下架
cart-out-of-stock = 库存不足
cart-shop-offline = 店铺已下线
cart-selected = 已选 { $count } 件
cart-total = 合计：
cart-savings = 已节省 { $amount }
cart-settle = 结算
cart-settle-none = 请选择要结算的商品。
cart-settle-limit = 购物车一次最多结算 { $max } 件商品
cart-settle-failed = 结算失败，请重试。
cart-busy = 正在更新购物车…

# Submit order
order-confirm-title = 提交订单
order-confirm-loading = 正在准备订单…
order-confirm-missing = 没有要下单的商品，请先在购物车中选择商品。
order-confirm-back-to-cart = 返回购物车
order-confirm-failed = 订单准备失败，请重试。
order-confirm-retry = 重试
order-address = 收货地址
order-address-default = 默认
order-address-add = 新增收货地址
order-address-none = 请添加收货地址。
order-address-receiver = 收货人
order-address-mobile = 手机号码
order-address-post-code = 邮政编码
order-address-detail = 详细地址
order-address-save = 保存地址
order-address-cancel = 取消
order-address-receiver-missing = 请输入收货人姓名
order-address-receiver-too-long = 姓名最多 { $max } 个字符
order-address-mobile-invalid = 请输入正确的手机号码
order-address-post-code-invalid = 请输入正确的邮政编码
order-address-detail-length = 详细地址须为 { $min } 到 { $max } 个字符
order-address-saved = 地址已保存
order-address-failed = 地址保存失败，请重试。
order-item-count = 共 { $count } 件
order-remarks = 给商家留言
order-remarks-placeholder = 选填：需要商家知道的事项
order-delivery = 预计 { $days } 天内送达
order-freight = 运费
order-freight-free = 免运费
order-coupon-shop = 店铺优惠券
order-coupon-platform = 平台优惠券
order-coupon-none = 不使用优惠券
order-points = 积分
order-points-have = 您有 { $points } 积分，本单最多可用 { $max } 积分。
order-points-step = 积分须按 { $step } 的倍数使用。
order-goods-total = 商品金额
order-coupons-total = 优惠券
order-member-discount = 会员折扣
order-points-reduce = 积分抵扣
order-actual-total = 应付总额
order-group-title = 拼团
order-group-waiting = 支付此订单后，你的团将向其他人开放。
order-group-open = 拼团中：成团前还差 { $count } 人。
order-group-filled = 已成团，订单即将发货。
order-group-failed = 拼团未能在时限内成团，订单已取消。
order-group-places = 已支付 { $joined }/{ $places } 个名额
order-submit = 提交订单
order-submitting = 正在提交…
order-updating = 正在更新金额…
order-expired = 订单已过期，已为您刷新，请核对后重新提交。
order-submit-failed = 订单提交失败，请重试。

# Order detail
order-detail-title = 订单详情
order-number = 订单号：{ $number }
order-status-unpaid = 待付款
order-status-paid = 待发货
order-status-shipped = 待收货
order-status-received = 待评价
order-status-completed = 已完成
order-status-canceled = 已取消
order-status-grouping = 拼团中
order-timeline = 订单进度
order-time-created = 下单时间
order-time-paid = 付款时间
order-time-shipped = 发货时间
order-time-finished = 收货时间
order-time-canceled = 取消时间
order-pay-within = 剩余付款时间
order-points-used = 积分（{ $points }）
order-cancel = 取消订单
order-cancel-confirm = 确定取消该订单吗？商品库存、优惠券和积分将退回。
order-cancel-done = 订单已取消
order-receipt = 确认收货
order-receipt-confirm = 您已收到该订单的商品了吗？
order-receipt-done = 已确认收货
order-action-failed = 订单操作失败，请重试。

# 收银台
payment-title = 支付收银台
payment-loading = 正在加载待支付订单…
payment-load-failed = 无法加载待支付订单，请重试。
payment-retry = 重试
payment-missing = 这里没有需要支付的订单。
payment-continue-shopping = 继续购物
payment-orders = 待支付订单
payment-order-link = 订单 { $number }
payment-order-quantity = 数量 { $count }
payment-amount-due = 应付金额
payment-points-due = { $points } 积分
payment-pay-within = 剩余支付时间
payment-methods = 支付方式
payment-methods-loading = 正在加载支付方式…
payment-methods-failed = 无法加载支付方式。
payment-method-points = 积分
payment-method-balance = 余额
payment-method-paypal = PayPal
payment-method-paypal-card = 借记卡或信用卡（PayPal）
payment-method-stripe = 银行卡（Stripe）
payment-method-upay = UPAY
payment-method-upay-app = UPAY 应用
payment-method-aba = ABA PayWay
payment-method-aba-app = ABA Mobile 应用
payment-balance-have = 可用余额：{ $amount }
payment-balance-short = 余额不足：当前余额为 { $amount }。
payment-points-have = 您有 { $points } 积分
payment-points-short = 积分不足：您有 { $points } 积分。
payment-pay-now = 立即支付
payment-paying = 支付中…
payment-no-way-title = 暂无可用的支付方式
payment-no-way = 当前没有可用的支付方式，请稍后再试或联系客服。
payment-ok = 确定
payment-password-title = 请输入支付密码
payment-password-label = 支付密码（6 位数字）
payment-password-amount = 使用余额支付 { $amount }。
payment-password-invalid = 请输入 6 位数字的支付密码。
payment-confirm-pay = 确认支付
payment-cancel = 取消
payment-set-password-title = 设置支付密码
payment-set-password-text = 使用余额支付需要 6 位数字的支付密码。请现在设置，以后每次余额支付都会用到。
payment-new-password = 新支付密码（6 位数字）
payment-confirm-password = 再次输入
payment-sign-in-password = 登录密码
payment-sign-in-password-hint = 您登录账户时使用的密码。
payment-set-password-save = 设置支付密码
payment-saving = 保存中…
payment-password-mismatch = 两次输入的支付密码不一致。
payment-password-set = 支付密码已设置
payment-call-failed = 无法发起支付，请重试。
payment-redirecting = 正在前往 { $method }…
payment-qr-title = 使用 { $method } 扫码支付
payment-qr-alt = { $method } 支付二维码
payment-open-app = 打开 { $method }
payment-app-opened = { $method } 即将打开。在其他设备上支付？请扫描此二维码。
payment-qr-expires = 二维码剩余有效时间
payment-qr-waiting = 正在等待您付款…
payment-charge = 扣款金额：{ $amount }
payment-charged-in-usd = 以美元扣款：{ $amount }
payment-qr-expired = 二维码已过期
payment-qr-expired-text = 此二维码已无法支付，请刷新获取新的二维码。
payment-refresh = 刷新
payment-other-method = 选择其他支付方式
payment-checking = 正在确认支付结果…
payment-check-slow = 暂未收到支付机构的结果。如果您已付款，结果稍后会显示在这里。
payment-check-again = 再次查询
payment-paid = 支付成功
payment-paid-text = 感谢您的购买！我们已收到您的付款。
payment-going-to-order = 正在前往订单详情…
payment-topped-up = 您的余额已充值成功。
payment-top-up-again = 未扣除任何款项。您可以在账户中重新充值。
payment-failed = 支付失败
payment-failed-text = 未扣除任何款项。请选择支付方式重试。
payment-cancelled = 支付未完成
payment-cancelled-text = 您在付款前离开了支付页面。订单仍在等待支付，请选择支付方式。
payment-refunded = 正在退款
payment-refunded-text = 您的付款在订单过期或取消之后才到账，款项正在退回给您。
payment-order-expired = 订单已过期
payment-order-expired-text = 支付时间已过，订单已取消。
payment-closed = 无需支付
payment-closed-text = 这些订单已过期或已取消，无法再支付。
