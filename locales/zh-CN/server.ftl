# 服务接口的错误消息（错误响应的 `msg`）。
error-unauthorized = 请先登录
error-not-found = 未找到
error-internal = 服务器开小差了，请稍后再试
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
