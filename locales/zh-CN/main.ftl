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
toast-server-hiccup = 服务器开小差了，请稍后再试
toast-error = 错误

## 页面
home-title = 首页
home-description = 选购来自可信店铺的海量商品，比价购物，随心支付。
home-hot-searches = 热门搜索
not-found-title = 页面不存在
not-found-text = 抱歉，您访问的页面不存在或已被移动。
not-found-home = 返回首页
login-title = 登录
login-text = 请登录后继续。新用户可使用验证码登录并创建账户。
