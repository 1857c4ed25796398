# Texts of the React widgets (widgets/src). Loaded by the browser from /locales/{lang}/widgets.ftl.

## Login popup

login-heading-welcome = 欢迎回来
login-heading-set-password = 设置密码
login-tab-account = 账号登录
login-tab-otp = 验证码登录
login-subtab-email = 邮箱
login-subtab-phone = 手机
login-email-placeholder = 邮箱
login-phone-placeholder = 手机号码
login-dial-code = 国家/地区区号
login-password-placeholder = 密码
login-code-placeholder = 验证码
login-send-code = 发送验证码
# The Send Code button while it waits before another code may be sent.
login-send-code-wait = { $seconds } 秒
login-code-sent = 验证码已发送
login-new-password = 密码
login-confirm-password = 确认密码
login-set-password-enter-code = 输入验证码以设置密码
login-set-password = 设置密码
login-sign-in = 登录
login-signing-in = 登录中...
login-back = 返回
login-close = 关闭
login-clear = 清除
login-new-account = 这似乎是一个新账号，请设置密码。
# $terms and $privacy are the links below.
login-terms = 我已阅读并同意{ $terms }和{ $privacy }
login-terms-of-service = 《服务条款》
login-privacy-policy = 《隐私政策》
login-social = 或使用以下方式登录
login-google = 使用 Google 登录
login-facebook = 使用 Facebook 登录

## Validation

error-invalid-email = 请输入有效的邮箱地址
error-invalid-phone = 请输入有效的手机号码
error-password-empty = 请输入密码
error-code-empty = 请输入验证码
error-new-password-empty = 请设置密码
error-confirm-empty = 请确认密码
error-password-mismatch = 两次输入的密码不一致
error-terms = 请同意服务条款和隐私政策
tip-set-password-first = 请先设置密码
tip-password-min = 密码至少需要 6 个字符
tip-password-rule = 密码须为 8 至 20 位，并同时包含字母、数字和特殊符号

## API errors

error-server-hiccup = 服务器开小差了，请稍后再试

# Category mega-menu
category-loading = 正在加载分类…
category-empty = 暂无子分类
category-failed = 分类加载失败，请移开后再试

## Image upload (the image-upload widget)

upload-add = 添加图片
upload-change = 更换图片
upload-hint = 支持 PNG、JPEG、GIF 或 WebP，不超过 { $mb } MB。
upload-count = { $count } / { $max }。
upload-drop = 也可以把图片拖到这里。
upload-preview = 图片 { $n }
upload-progress = 正在上传图片 { $n }
upload-remove = 删除图片 { $n }
upload-uploading = 正在上传…
upload-error-type = 只能上传 PNG、JPEG、GIF 或 WebP 图片
upload-error-size = 图片大小超过 { $mb } MB
upload-error-count = 最多只能添加 { $max } 张图片
upload-error-failed = 上传失败，请重试。
upload-error-duplicate = 该图片已添加为第 { $n } 张，只保留一张

## Comparison
pc-title = 比价
pc-close = 关闭比价
pc-info = 我们如何展示价格和店铺
pc-loading = 正在加载比价…
pc-buy-now = 立即购买
pc-add-to-cart = 加入购物车
pc-add-supplier = 添加供应商比较
pc-price = 价格
pc-stock = 库存：{ $count }
pc-out-of-stock = 缺货
pc-sold = 已售 { $count }
pc-rating = 评分 { $rating }
pc-followers = { $count } 位关注者
pc-go-to-shop = 进店逛逛
pc-delivery = 约 { $days } 天送达
pc-per-pack = 每包 { $qty } 件
pc-this-product = 当前商品
pc-added-by-you = 您添加的
pc-col-remove = 移除
pc-col-description = 商品描述
pc-col-price = 价格、库存和销量
pc-col-supplier = 供应商
pc-col-actions = 操作
pc-remove-item = 从比价中移除{ $name }
pc-sort-label = 报价排序
pc-sort-rating-high = 店铺评分从高到低
pc-sort-rating-low = 店铺评分从低到高
pc-sort-price-low = 价格从低到高
pc-sort-price-high = 价格从高到低
pc-empty = 暂无比价数据
pc-refresh = 刷新数据
pc-refreshing = 正在刷新比价数据...
pc-similar-title = 与相似商品比较
pc-similar-open = 选择相似商品
pc-similar-empty = 未找到相似商品
pc-similar-add-one = 将{ $name }加入比价
pc-already-added = 已添加
pc-info-title = 我们如何展示价格和店铺
pc-info-updates = 价格每天更新 3 到 5 次，打开商品时报价可能已有变化；请以商品页面上的当前价格为准。
pc-info-order = 报价按价格排序，价格相同时先按店铺评分（高者在前），再按上架先后排序。您也可以改按店铺评分排序，并随意添加或移除供应商。
pc-info-close = 知道了
pc-picker-title = 添加供应商比较
pc-picker-search = 搜索供应商或商品
pc-picker-add = 加入比价（{ $count }）
pc-picker-none = 暂无可用的供应商
pc-picker-not-found = 未找到供应商/商品
pc-picker-removed = 之前已移除
pc-modal-close = 关闭
pc-similar-modal-title = 与相似商品比较
pc-similar-search = 搜索相似商品
pc-similar-search-hint = 输入即可搜索，按回车选择；按退格键移除最后一项。
pc-similar-suggestions = 推荐商品
pc-similar-in-table = 已在比价中
pc-similar-main = 您正在比较的商品
pc-similar-remove-tag = 移除{ $name }
pc-similar-add = 加入比价（{ $count }）
pc-similar-searching = 正在搜索…
pc-msg-already = { $count ->
    [one] 供应商“{ $names }”已在比价列表中。
   *[other] 供应商 { $names } 已在比价列表中。
}
pc-msg-added-one = 供应商“{ $name }”已加入比价。
pc-msg-added-many = 已有 { $count } 家新供应商加入比价。
pc-msg-removed = 已从比价中移除该商品。
pc-cart-added = 已成功加入购物车
pc-cart-failed = 加入购物车失败，请重试。
pc-buy-failed = 立即购买失败，请重试。
pc-history-title = 价格走势
pc-history-period = 时间范围
pc-period-week = 一周
pc-period-month = 一个月
pc-period-quarter = 一季度
pc-period-year = 一年
pc-history-summary = 最低 { $lowest } · 最高 { $highest } · 当前 { $current }
pc-history-chart = { $from } 至 { $to } 的价格：最低 { $lowest }，最高 { $highest }，当前 { $current }
pc-history-failed = 无法加载价格走势。

## chat-ui
chat-title = 在线客服
chat-agent-account = 您是店铺或平台的客服账号，请在此回复买家：
chat-agent-title = 客服工作台
chat-open-page = 打开完整页面
chat-close = 关闭聊天
chat-conversations = 会话
chat-agent-conversations = 买家会话
chat-loading = 加载中…
chat-load-failed = 会话加载失败。
chat-retry = 重试
chat-list-empty = 暂无会话。可在店铺或商品页面联系店铺。
chat-agent-empty = 暂无买家留言。
chat-buyer = 买家
chat-platform = 平台客服
chat-contact-platform = 联系平台客服
chat-no-messages-yet = 暂无消息
chat-unread-count = { $count } 条未读
chat-messages = 消息
chat-select = 请在左侧选择一个会话。
chat-agent-select = 请选择一个买家会话进行回复。
chat-open-failed = 无法打开该会话。
chat-typing = { $name } 正在输入…
chat-status-connecting = 正在连接…
chat-status-offline = 已离线，正在重新连接…
chat-messages-with = 与 { $name } 的消息
chat-load-older = 加载更早的消息
chat-start = 已是会话的开始
chat-history-failed = 消息加载失败。
chat-empty = 暂无消息，打个招呼吧！
chat-you = 我
chat-read = 已读
chat-unread = 未读
chat-sending = 发送中…
chat-failed = 发送失败
chat-resend = 重新发送
chat-discard = 删除
chat-picture = 图片
chat-picture-failed = 图片发送失败。
chat-product-context = 您正在浏览的商品
chat-product-failed = 商品信息加载失败。
chat-send-product = 发送商品
chat-input-label = 消息
chat-input-placeholder = 输入消息…
chat-input-hint = Enter 发送，Shift+Enter 换行
chat-send = 发送
chat-send-picture = 发送图片
chat-uploading = 上传中 { $percent }%
chat-too-long = 每条消息最多 { $max } 个字符。
chat-preview-picture = [图片]
chat-preview-card = [商品]
