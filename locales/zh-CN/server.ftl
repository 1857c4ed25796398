# 服务接口的错误消息（错误响应的 `msg`）。
error-unauthorized = 请先登录
error-not-found = 未找到
error-missing-field = 缺少必填字段：{ $field }
error-invalid-field = 字段值无效：{ $field }
error-invalid-params = 请求参数无效
error-malformed-json = 请求内容不是有效的 JSON
error-content-type = 请求内容必须是 JSON（Content-Type: application/json）
error-body-too-large = 请求内容过大
error-value-too-long = { $field } 过长（最多 { $max } 个字符）
error-value-out-of-range = { $field } 必须介于 { $min } 和 { $max } 之间
error-value-empty = { $field } 不能为空
error-notice-not-found = 该公告不存在或已撤回
error-too-many-values = { $field } 最多只能包含 { $max } 个值
error-product-not-found = 该商品不存在
error-shop-not-found = 该店铺不存在
error-shop-offline = 该店铺已下线，无法关注
error-page-not-found = 页面不存在，可能已被删除。
error-discount-not-found = 该折扣活动不存在
error-coupon-not-found = 该优惠券不存在
error-coupon-ended = 该优惠券已结束
error-coupon-sold-out = 该优惠券已被领完
error-coupon-shop-offline = 该店铺已下线，无法领取其优惠券
error-coupon-already-received = 您已领取过该优惠券

## 账户
error-mail-or-mobile = 请填写邮箱或手机号其中之一，不能同时填写
error-password-rule = 密码须为 8 至 20 位，并同时包含字母、数字和特殊符号
error-code-wrong = 验证码错误
error-code-invalid = 验证码无效或已过期，请重新获取
error-code-too-many-tries = 验证码错误次数过多，请重新获取
error-code-resend-wait = 请在 { $seconds } 秒后再获取验证码
error-code-too-many-sends = 获取验证码过于频繁，请稍后再试
error-too-many-failures = 失败次数过多，请在 { $minutes } 分钟后再试
error-too-many-requests = 请求过于频繁，请稍后再试
error-too-busy = 系统繁忙，请稍后再试
error-login-failed = 账号或密码错误
error-account-not-found = 该账号不存在，请先注册
error-already-registered = 该手机号或邮箱已被注册
error-social-type = 未知的登录方式
error-social-not-configured = 暂不支持该登录方式
error-third-login-denied = 登录已取消或被拒绝
error-third-login-failed = 第三方登录失败，请重试
error-third-login-expired = 登录请求已过期，请重试
error-login-key-invalid = 登录已过期，请重新使用第三方账号登录
error-identity-bound = 该第三方账号已绑定其他用户
error-cross-origin = 已拒绝跨域请求
mail-code-subject = 您的 湄公商城验证码
mail-code-body = 您的验证码是 { $code }，{ $minutes } 分钟内有效。如非本人操作，请忽略本邮件。
mail-code-reset-body = 您的找回密码验证码是 { $code }，{ $minutes } 分钟内有效。如非本人申请重置密码，请忽略本邮件。
sms-code-body = 【湄公商城】您的验证码是 { $code }，{ $minutes } 分钟内有效。
sms-code-reset-body = 【湄公商城】您的找回密码验证码是 { $code }，{ $minutes } 分钟内有效。

# Cart and addresses
error-cart-count = 修改数量须在 -{ $max } 到 { $max } 之间，且不能为 0
error-cart-sku-not-found = 该商品规格不存在
error-cart-line-not-found = 购物车中没有该商品
error-cart-count-invalid = 请输入至少为 1 的数量
error-cart-off-shelf = 该商品已下架，无法加入购物车
error-cart-shop-offline = 该店铺已下线，其商品无法加入购物车
error-cart-insufficient-inventory = 库存不足：仅剩 { $stocks } 件
error-cart-line-limit = 同一商品在购物车中最多 { $max } 件
error-cart-too-many-lines = 购物车已满：最多容纳 { $max } 种商品
error-cart-basket-ids = 请以 basketId 数字列表指明要删除的购物车商品
error-address-not-found = 该地址不存在
error-address-receiver = 请填写收货人姓名（最多 { $max } 个字符）
error-address-mobile = 请填写有效的手机号码（{ $min } 至 { $max } 位数字）
error-address-post-code = 邮政编码最多 { $max } 个字符，只能包含字母、数字、空格或连字符
error-address-detail = 详细地址须为 { $min } 至 { $max } 个字符
error-address-limit = 最多只能保存 { $max } 个地址，请先删除一个

# Orders
error-order-insufficient-inventory = 库存不足
error-order-status-changed = 订单状态已发生改变
error-order-expired = 订单已过期
error-order-duplicate = 请勿重复提交订单
error-order-flash-sale-busy = 秒杀太火爆，请稍后重试
error-order-off-shelf = 商品已下架
error-order-shop-offline = 该店铺已下线，其商品无法下单
error-order-not-found = 订单不存在
error-order-confirmation-not-found = 该订单确认信息不存在，请重新结算
error-order-settlement-limit = 一次最多结算 { $max } 件商品
error-order-cart-line-unknown = 该商品不在您的购物车中
error-order-nothing-to-buy = 请选择要购买的商品
error-order-coupon-unusable = 该优惠券不能用于此订单
error-order-points-step = 积分须按 { $step } 的倍数使用
error-order-points-too-many = 此订单最多可使用 { $max } 积分
error-order-no-address = 请添加收货地址
error-order-address-not-found = 该收货地址不存在
error-order-flash-sale-ended = 该秒杀活动未在进行中
error-order-flash-sale-limit = 该秒杀商品每人最多购买 { $max } 件
error-order-group-buy-ended = 该拼团活动未在进行中
error-group-team-closed = 该团已不再开放，请发起新团或参加其他团
error-group-team-full = 该团已满员，请发起新团或参加其他团
error-group-team-joined = 你已在该团中

# Payments
error-pay-method-unavailable = 该支付方式暂不可用，请选择其他支付方式
error-pay-amount-unsupported = 该支付方式不支持此金额，请选择其他支付方式
error-pay-currency-unsupported = 该支付方式不支持此币种，请选择其他支付方式
error-pay-gateway-unavailable = 支付服务未响应，请重试或选择其他支付方式
error-pay-notice-refused = 支付通知被拒绝
error-pay-notice-unknown = 该支付通知不对应本商城的任何支付
error-pay-points-order = 积分商城订单请使用积分支付
error-pay-points-only = 积分支付仅适用于积分商城订单
error-points-insufficient = 积分不足
error-pay-password-format = 支付密码为 { $digits } 位数字
error-pay-password-locked = 密码错误次数过多，请 { $minutes } 分钟后再试
error-pay-password-unset = 请先设置支付密码
error-pay-password-wrong = 支付密码错误
error-password-wrong = 登录密码错误
error-balance-insufficient = 余额不足，当前余额为 { $balance }
error-recharge-range = 单次充值金额为 { $min } 至 { $max }
error-pay-not-found = 未找到该支付

## Errors: user centre: overview and orders

## Errors: user centre: favourites and footprints
error-collection-off-shelf = 该商品已下架，无法收藏
error-footprint-not-found = 该浏览记录不存在

## Errors: user centre: profile, passwords and binding
error-upload-not-image = 只能上传 PNG、JPEG、GIF 或 WebP 图片
error-upload-damaged = 图片已损坏或不完整，请换一张
error-upload-dimensions = 图片尺寸不能超过 { $max } × { $max } 像素
error-upload-too-large = 图片不能超过 { $mb } MB
error-upload-too-many = 上传次数过多，请稍后再试
error-upload-malformed = 无法读取上传内容，请重试
error-upload-one-file = 请一次上传一张图片
error-upload-empty = 文件为空
error-nickname-empty = 请输入昵称
error-nickname-too-long = 昵称最多 { $max } 个字符
error-nickname-invalid = 昵称包含不能使用的字符
error-avatar-not-uploaded = 请先上传头像
error-account-password-rule = 密码须为 { $min } 至 { $max } 位，且至少包含字母、数字、符号中的两种
error-old-password-empty = 请输入当前密码
error-old-password-wrong = 当前密码错误
error-password-not-set = 您的账号还没有密码，请通过验证码设置
error-password-same = 新密码不能与当前密码相同
error-password-changed-meanwhile = 您的密码已在别处被修改，请重试
error-password-already-set = 您的账号已有密码，请用当前密码修改
error-mail-not-bound = 您的账号未绑定邮箱
error-mobile-not-bound = 您的账号未绑定手机号
error-contact-unchanged = 这已经是您的邮箱或手机号
error-social-not-bound = 未绑定该账号
error-unbind-last = 这是您登录账号的唯一方式，请先绑定邮箱或手机号
error-social-type-bound = 已绑定同类账号，请先解绑
error-third-login-bind-session = 请重新登录，然后在账号设置中绑定该账号
mail-contact-changed-subject = 您的湄公商城登录信息已更改
mail-contact-changed-body = 您的湄公商城账号已改为使用 { $address }。如非本人操作，请立即重置密码并联系我们。
sms-contact-changed-body = 【湄公商城】您的账号已改为使用 { $address }。如非本人操作，请立即重置密码。

## Errors: user centre: addresses and opening a shop
error-shop-apply-name = 店铺名称最多 { $max } 个字，只能包含文字或数字，不能有特殊字符
error-shop-apply-intro = 店铺简介须为 { $min } 至 { $max } 个字符
error-shop-apply-address = 店铺详细地址须为 { $min } 至 { $max } 个字符
error-shop-apply-tel = 请填写有效的联系电话（{ $min } 至 { $max } 位数字）
error-shop-apply-category = 请选择店铺的主营类目
error-shop-apply-pictures = 请上传 { $min } 至 { $max } 张资质图片（营业执照和身份证）
error-shop-apply-under-review = 您的开店申请正在审核中，请耐心等待结果
error-shop-apply-has-shop = 您已经拥有店铺
error-store-account = 店铺账号须为 { $min } 至 { $max } 位字母、数字或下划线
error-store-password = 店铺密码须为 { $min } 至 { $max } 个字符，不能包含空格
error-store-account-not-approved = 开店申请通过审核后才能设置店铺账号
error-store-account-set = 店铺账号已设置
error-store-account-taken = 该店铺账号已被使用，请换一个

## reviews
error-review-item-not-found = 该订单商品不存在
error-review-order-not-found = 该订单不存在
error-review-not-received = 确认收货后才能评价该商品
error-review-done = 您已评价过该商品
error-review-score = 请选择 { $min } 至 { $max } 星的评分
error-review-text = 评价内容最多 { $max } 个字
error-review-text-blank = 请写几句对商品的评价：评价内容不能只有空格
error-review-text-control = 评价内容包含无法显示的字符
error-review-pics-count = 每条评价最多上传 { $max } 张图片
error-review-pic = 请重新上传评价图片：其中有图片不是您上传的

## refunds
error-refund-order-not-found = 该订单不存在
error-refund-not-found = 该退款申请不存在
error-refund-not-refundable = 该订单无法退款：订单未支付、已关闭，或已付金额已全部申请退款
error-refund-not-shipped = 未发货的商品无法退货，请选择仅退款
error-refund-apply-type = 请选择仅退款或退货退款
error-refund-reason = 请选择退款原因
error-refund-goods-min = 退款数量至少为 1
error-refund-goods-max = 退款数量最多为 { $max }
error-refund-amount-min = 退款金额不能低于 0.01
error-refund-amount-max = 退款金额最多为 ${ $max }
error-refund-note = 退款说明最多 { $max } 个字
error-refund-note-control = 退款说明包含无法显示的字符
error-refund-vouchers = 最多可上传 { $max } 张凭证
error-refund-voucher = 请重新上传凭证：其中有图片不是您上传的
error-refund-state = 该退款申请当前无法进行此操作，请刷新页面查看最新状态
error-refund-exceeds = 该订单剩余可退金额已被其他申请占用
error-refund-carrier = 请填写物流公司（最多 { $max } 个字）
error-refund-tracking = 请填写物流单号（最多 { $max } 位字母、数字或短横线）
error-refund-mobile = 请填写 { $digits } 位手机号码
error-refund-intervention-reason = 请说明申请平台介入的原因（最多 { $max } 个字）
error-refund-intervention-vouchers = 平台介入最多可上传 { $max } 张凭证

## invoices
error-invoice-order-not-found = 该订单不存在
error-invoice-not-paid = 订单付款后才能申请发票
error-invoice-duplicate = 该订单已经申请过发票，请勿重复申请
error-invoice-header-type = 请选择发票抬头类型：个人或单位
error-invoice-title-missing = 请输入发票抬头
error-invoice-title = 发票抬头最多 { $max } 个字符，且只能一行
error-invoice-tax-number-missing = 请输入单位的纳税人识别号
error-invoice-tax-number = 请输入有效的纳税人识别号：15、17、18 或 20 位字母和数字，或柬埔寨税号（如 K001-901234567）
error-invoice-not-issued = 发票尚未开具
error-invoice-pdf-unavailable = 暂时无法生成发票文件，请稍后再试
invoice-pdf-title = 发票
invoice-pdf-electronic = 电子普通发票
invoice-pdf-number = 编号
invoice-pdf-issued = 开票日期
invoice-pdf-seller = 销售方
invoice-pdf-buyer = 购买方
invoice-pdf-personal = 个人
invoice-pdf-unit = 单位
invoice-pdf-tax-number = 纳税人识别号
invoice-pdf-order-number = 订单编号
invoice-pdf-order-date = 下单日期
invoice-pdf-item = 商品
invoice-pdf-quantity = 数量
invoice-pdf-unit-price = 单价
invoice-pdf-amount = 金额
invoice-pdf-more-items = { $count ->
   *[other] 另有 { $count } 件商品
}
invoice-pdf-goods = 商品金额
invoice-pdf-freight = 运费
invoice-pdf-discount = 优惠
invoice-pdf-total = 实付金额
invoice-pdf-currency = 金额单位：美元（USD）
invoice-pdf-footer = 由 { $shop } 通过湄公商城开具。本发票为电子发票。

## wallet
error-sign-in-done = 今天已经签到过了，明天再来吧

## points-mall
error-score-prod-not-found = 积分商城中没有这件商品
error-score-prod-sold-out = 该商品已兑完
error-score-prod-stock = 该商品仅剩 { $stocks } 件
error-score-points-insufficient = 积分不足：需要 { $needed } 积分，您有 { $points } 积分
error-score-order-count = 每次可兑换 1 至 { $max } 件

## members
error-member-plan = 请选择一个会员套餐

## chat
chat-platform-name = 商城客服
error-chat-not-found = 该会话不存在
error-chat-no-support = 该店铺暂无客服
error-chat-no-shop = 暂无店铺客服
error-chat-own-shop = 您本身就是该店铺的客服
error-chat-empty = 请先输入消息
error-chat-too-long = 消息最多 { $max } 个字符
error-chat-client-msg-id = 消息缺少有效编号（最多 { $max } 个字母或数字）
error-chat-picture = 请发送您已上传的图片
error-chat-card = 无法发送该商品卡片
error-chat-too-fast = 发送太频繁（10 秒内最多 { $max } 条），请稍后再试
error-chat-frame-too-large = 消息过大（最多 { $max } 字节）
error-chat-bad-frame = 无法读取该消息
error-chat-not-websocket = 聊天连接必须使用 WebSocket

# Issue 47: open gateway payments per buyer.
error-pay-too-many-open = 您已有 { $max } 笔待完成的支付。请先完成其中一笔，或在 { $minutes } 分钟后最早的一笔过期时再试
