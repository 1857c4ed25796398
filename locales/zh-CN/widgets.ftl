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
