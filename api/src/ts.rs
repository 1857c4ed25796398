//! The TypeScript of the widgets, rendered from this crate (feature `ts`): the wire types
//! (`types.ts`, declarations by ts-rs), the API paths (`paths.ts`), the code sets
//! (`codes.ts`), the limits of the rules (`limits.ts`) and the bridge between the pages and
//! the widgets (`bridge.ts`: props, event names and details, [`crate::bridge`]). `make contract` writes them into `widgets/src/generated/` with the `contract`
//! binary; `make test` renders them again and fails when the checked-in files differ.

use crate::Constant;
use std::fmt::Write;
use ts_rs::{Config, TS};

/// The first line of every generated file.
pub const HEADER: &str = "// Generated from the api crate by `make contract`; do not edit.\n";

/// Where the files belong, relative to the repository root.
pub const OUT_DIR: &str = "widgets/src/generated";

/// The generated files: (file name, contents).
pub fn files() -> Vec<(&'static str, String)> {
    vec![
        ("types.ts", types()),
        ("paths.ts", paths()),
        ("codes.ts", codes()),
        ("limits.ts", limits()),
        ("bridge.ts", bridge()),
    ]
}

/// How ts-rs writes our types: 64-bit integers are JSON numbers (ids, cents and Unix
/// milliseconds all stay below 2^53), not `bigint`.
fn config() -> Config {
    Config::new().with_large_int("number")
}

/// One exported declaration and the names of the types it refers to.
struct Declaration {
    name: String,
    text: String,
    uses: Vec<String>,
}

fn declaration<T: TS + ?Sized + 'static>(cfg: &Config) -> Declaration {
    let text = format!("{}export {}\n", T::docs().unwrap_or_default(), one_member_a_line(&T::decl(cfg)));
    let uses = T::dependencies(cfg).into_iter().map(|d| d.ts_name).collect();
    Declaration { name: T::ident(cfg), text: crate::plain_doc(&text), uses }
}

/// The declarations of `types.ts`, module by module. A generic type is declared once with its
/// parameter (`Page<T>`), whatever stands for it here.
fn declarations(cfg: &Config) -> Vec<(&'static str, Vec<Declaration>)> {
    use crate::{
        account::*, addresses::*, analytics::*, browse::*, cart::*, catalog::*, config::*, envelope::*, money::*,
        orders::*, payments::*, search::*,
    };
    macro_rules! of {
        ($($ty:ty),* $(,)?) => { vec![$(declaration::<$ty>(cfg)),*] };
    }
    vec![
        ("The envelope (spec section 8)", of![ApiResponse<()>, Code]),
        ("Money", of![Price, DiscountRate]),
        (
            "Account and session",
            of![
                LoginRequest,
                TokenData,
                SignupRequest,
                CheckUserQuery,
                CheckUserData,
                SendCodeRequest,
                SendBindCodeRequest,
                BindMailRequest,
                UserInfo,
                CenterInfo,
                ThirdLoginUrlQuery,
                ThirdLoginRequest,
                ThirdLoginData,
                ThirdLoginVo,
                RegisterOrBindRequest,
                MailboxQuery,
                MailboxMessage,
            ],
        ),
        ("Configuration", of![Currency, PcWebConfig, LangItem, LangDefault, PaySwitch, PaySwitchInfo]),
        ("Notices and hot search words", of![Notice, NoticeListQuery, NoticeDetail, HotSearch, HotSearchQuery]),
        (
            "Browsing",
            of![
                Page<()>,
                PageQuery,
                CategoryInfoQuery,
                ProdQuery,
                ShopQuery,
                ShopIdsQuery,
                BannerQuery,
                RenovationQuery,
                DiscountQuery,
                CouponQuery,
                MyCouponQuery,
                Banner,
                Category,
                CategoryInfo,
                GroupActivitySearchVo,
                ProductCard,
                Sku,
                SeckillInfo,
                GroupActivityInfo,
                ProductDetail,
                ShopCard,
                ShopHeadInfo,
                DiscountCard,
                CouponCard,
                MyCoupon,
                RenovationPage,
                ShareCardInfo,
                ReceiveCouponRequest,
                CollectShopRequest,
            ],
        ),
        ("Cart", of![ChangeItemRequest, BuyNowEntry, ShopCart, ShopCartItem]),
        ("Addresses", of![UserAddr, AddrParam]),
        (
            "Orders",
            of![
                OrderParam,
                SubmitOrderParam,
                OrderShopParam,
                OrderNumbers,
                OrderConfirmation,
                PointsUse,
                ShopCartOrder,
                OrderItem,
                CouponOrder,
                OrderNumberQuery,
                MyOrderQuery,
                MyOrder,
                OrderDetail,
                OrderCount,
                GroupTeam,
                GroupTeamQuery
            ],
        ),
        (
            "Payments",
            of![
                OrderNumbersQuery,
                OrderPayInfo,
                PayOrder,
                PayParam,
                RechargeParam,
                PayResult,
                PayAction,
                PayFormField,
                PayNoQuery,
                PayStatus,
                PayPasswordParam
            ],
        ),
        ("Search", of![SearchPageQuery, SearchRecord, SuggestionQuery, Suggestion, RenovationPageQuery]),
        (
            "Comparison",
            of![
                crate::comparison::ComparisonShop,
                crate::comparison::ComparisonSku,
                crate::comparison::ComparisonProduct,
                crate::comparison::ComparisonPage,
                crate::comparison::ComparisonQuery,
                crate::comparison::CompareSimilarQuery,
                crate::comparison::PriceHistoryQuery,
                crate::comparison::PricePoint,
                crate::comparison::PriceHistory,
            ],
        ),
        ("Analytics", of![FlowLog]),
        (
            "Chat",
            of![
                crate::chat::ChatProfile,
                crate::chat::OpenConversation,
                crate::chat::ChatConversation,
                crate::chat::ChatKind,
                crate::chat::ShareCard,
                crate::chat::ChatMessage,
                crate::chat::ChatMessagesQuery,
                crate::chat::ChatMessagePage,
                crate::chat::ChatUnread,
                crate::chat::ReadUpTo,
                crate::chat::ChatCursor,
                crate::chat::ChatClientFrame,
                crate::chat::ChatServerFrame,
            ],
        ),
    ]
}

/// `types.ts`: every request and response type of the API.
///
/// Panics when a declared type refers to one that is not declared (a new type must be added to
/// [`declarations`]) or when a type is declared twice.
fn types() -> String {
    let cfg = config();
    let groups = declarations(&cfg);
    let declared: Vec<&str> = groups.iter().flat_map(|(_, g)| g).map(|d| d.name.as_str()).collect();
    for (i, name) in declared.iter().enumerate() {
        assert!(!declared[i + 1..].contains(name), "{name} is declared twice in api::ts");
    }
    let mut out = String::from(HEADER);
    write_groups(&mut out, &groups, "add it to the declarations of api::ts");
    out.push_str("\n/** `GET /search/page`. */\nexport type SearchPage = Page<SearchRecord>;\n");
    out
}

/// `paths.ts`: the constants of [`crate::paths`], and a builder for each path that takes an id.
fn paths() -> String {
    let mut out = String::from(HEADER);
    out.push_str("// The paths of the provider API, relative to `/api` (api/src/paths.rs).\n");
    for path in crate::paths::ALL {
        let _ = write!(out, "\n{}export const {} = '{}';\n", js_doc(path.doc, ""), path.name, path.value);
    }
    for path in crate::paths::ALL {
        let parameters = crate::paths::parameters(path.value);
        if parameters.is_empty() {
            continue;
        }
        // Ids are numbers; a development gateway payment (`paymentId`) is a string of hex digits.
        let kind = |p: &str| if p == "paymentId" { "string" } else { "number" };
        let arguments: Vec<String> = parameters.iter().map(|p| format!("{p}: {}", kind(p))).collect();
        let replaced: String =
            parameters.iter().map(|p| format!(".replace('{{{p}}}', encodeURIComponent(String({p})))")).collect();
        let _ = write!(
            out,
            "\n/** {{@link {name}}} with its parameters filled in. */\nexport const {fun} = ({args}): string =>\n  {name}{replaced};\n",
            name = path.name,
            fun = camel_case(path.name),
            args = arguments.join(", "),
        );
    }
    out
}

/// `codes.ts`: each code set as a frozen object, and the union of its values as a type.
fn codes() -> String {
    let mut out = String::from(HEADER);
    code_set(&mut out, "SEARCH_SORT_CODE", crate::search::sort_code::DOC, crate::search::sort_code::ALL);
    code_set(&mut out, "LINK_TYPE", crate::catalog::link_type::DOC, crate::catalog::link_type::ALL);
    code_set(&mut out, "SOCIAL_TYPE", crate::account::social_type::DOC, crate::account::social_type::ALL);
    code_set(&mut out, "PAY_TYPE", crate::config::pay_type::DOC, crate::config::pay_type::ALL);
    code_set(&mut out, "PAGE_ID", crate::analytics::page_id::DOC, crate::analytics::page_id::ALL);
    code_set(&mut out, "BIZ_TYPE", crate::analytics::biz_type::DOC, crate::analytics::biz_type::ALL);
    code_set(&mut out, "HOT_SEARCH_TYPE", crate::browse::hot_search_type::DOC, crate::browse::hot_search_type::ALL);
    code_set(&mut out, "CART_AVAILABILITY", crate::cart::availability::DOC, crate::cart::availability::ALL);
    code_set(&mut out, "ORDER_STATUS", crate::orders::order_status::DOC, crate::orders::order_status::ALL);
    code_set(&mut out, "ORDER_TYPE", crate::orders::order_type::DOC, crate::orders::order_type::ALL);
    code_set(
        &mut out,
        "GROUP_TEAM_STATUS",
        crate::orders::group_team_status::DOC,
        crate::orders::group_team_status::ALL,
    );
    code_set(&mut out, "PAY_STATUS", crate::payments::pay_status::DOC, crate::payments::pay_status::ALL);
    code_set(&mut out, "PAY_KIND", crate::payments::pay_kind::DOC, crate::payments::pay_kind::ALL);
    out
}

/// `limits.ts`: the limits of the rules the server enforces and the widgets show, each a
/// plain constant.
fn limits() -> String {
    let mut out = String::from(HEADER);
    use crate::account::{email_rule, limits, password_rule, phone_rule};
    constant_list(&mut out, limits::DOC, limits::ALL);
    constant_list(&mut out, password_rule::DOC, password_rule::ALL);
    constant_list(&mut out, email_rule::DOC, email_rule::ALL);
    constant_list(&mut out, phone_rule::DOC, phone_rule::ALL);
    constant_list(&mut out, crate::users::limits::DOC, crate::users::limits::ALL);
    constant_list(&mut out, crate::comparison::compare_limits::DOC, crate::comparison::compare_limits::ALL);
    constant_list(&mut out, crate::chat::chat_limits::DOC, crate::chat::chat_limits::ALL);
    out
}

/// `bridge.ts`: each widget's props and each event's detail ([`crate::bridge`]), the widget
/// and event names as constants, `WidgetPropsOf` (widget name → props) and `MallEvents`
/// (event name → detail; `undefined` where the event carries none or may carry none).
///
/// Panics when a widget or an event of [`crate::bridge`] is missing here, or listed twice.
fn bridge() -> String {
    use crate::bridge::{event, widget, *};
    let cfg = config();
    let ident = |d: Declaration| d.name;
    macro_rules! of {
        ($($ty:ty),* $(,)?) => { vec![$(declaration::<$ty>(&cfg)),*] };
    }
    // Widget name → its props.
    let widgets = [
        (widget::LOGIN_POPUP, ident(declaration::<LoginPopupProps>(&cfg))),
        (widget::CATEGORY_MENU, ident(declaration::<CategoryMenuProps>(&cfg))),
        (widget::PRICE_COMPARE, ident(declaration::<PriceCompareProps>(&cfg))),
        (widget::IMAGE_UPLOAD, ident(declaration::<ImageUploadProps>(&cfg))),
        (widget::CHAT, ident(declaration::<ChatProps>(&cfg))),
    ];
    // Event name → its detail, and whether the detail may be absent.
    let events = [
        (event::HYDRATED, None, true),
        (event::OPEN_LOGIN, Some(ident(declaration::<OpenLoginDetail>(&cfg))), true),
        (event::LOGGED_IN, Some(ident(declaration::<LoggedInDetail>(&cfg))), true),
        (event::LOGGED_OUT, None, true),
        (event::CART_CHANGED, Some(ident(declaration::<CartChangedDetail>(&cfg))), true),
        (event::OPEN_COMPARE, Some(ident(declaration::<OpenCompareDetail>(&cfg))), false),
        (event::TOAST, Some(ident(declaration::<ToastDetail>(&cfg))), false),
        (event::IMAGES_CHANGED, Some(ident(declaration::<ImagesChangedDetail>(&cfg))), false),
        (event::OPEN_CHAT, Some(ident(declaration::<OpenChatDetail>(&cfg))), true),
        (event::CHAT_UNREAD, Some(ident(declaration::<ChatUnreadDetail>(&cfg))), false),
    ];
    let listed: Vec<&str> = widget::ALL.iter().map(|c| c.value).collect();
    assert_eq!(
        widgets.iter().map(|w| w.0).collect::<Vec<_>>(),
        listed,
        "every widget of api::bridge, in order, in api::ts::bridge"
    );
    let listed: Vec<&str> = event::ALL.iter().map(|c| c.value).collect();
    assert_eq!(
        events.iter().map(|e| e.0).collect::<Vec<_>>(),
        listed,
        "every event of api::bridge, in order, in api::ts::bridge"
    );

    let groups = [
        ("Shared", of![DisplayCurrency, UploadKind, ChatMode, ChatLayout, LoginMode, ToastType]),
        ("Widget props", of![LoginPopupProps, CategoryMenuProps, PriceCompareProps, ImageUploadProps, ChatProps]),
        (
            "Event details",
            of![
                OpenLoginDetail,
                LoggedInDetail,
                CartChangedDetail,
                OpenCompareDetail,
                ToastDetail,
                ImagesChangedDetail,
                OpenChatDetail,
                ChatUnreadDetail,
            ],
        ),
    ];
    let mut out = String::from(HEADER);
    out.push_str("// The bridge between the Leptos pages and the React widgets (api/src/bridge.rs).\n");
    write_groups(&mut out, &groups, "declare it in api::ts::bridge");

    out.push_str("\n// Widgets\n");
    for constant in widget::ALL {
        let name = format!("WIDGET_{}", constant.name);
        let _ = write!(out, "\n{}export const {name} = '{}';\n", js_doc(constant.doc, ""), constant.value);
    }
    out.push_str("\n/** Widget name (the `name` of `<mall-widget>`) → its props (`data-props`). */\nexport type WidgetPropsOf = {\n");
    for (name, props) in &widgets {
        let _ = writeln!(out, "  '{name}': {props};");
    }
    out.push_str("};\n\n/** Every widget name, in the order of api/src/bridge.rs. */\nexport const WIDGET_NAMES = [\n");
    for constant in widget::ALL {
        let _ = writeln!(out, "  WIDGET_{},", constant.name);
    }
    out.push_str("] as const;\n");

    out.push_str("\n// Events, all dispatched on `window`\n");
    for constant in event::ALL {
        let _ = write!(out, "\n{}export const {} = '{}';\n", js_doc(constant.doc, ""), constant.name, constant.value);
    }
    out.push_str("\n/** Event name → the type of its `detail`. */\nexport type MallEvents = {\n");
    for ((name, detail, may_be_absent), constant) in events.iter().zip(event::ALL) {
        let detail = match (detail, may_be_absent) {
            (None, _) => "undefined".to_string(),
            (Some(d), true) => format!("{d} | undefined"),
            (Some(d), false) => d.clone(),
        };
        let _ = writeln!(out, "{}  '{name}': {detail};", js_doc(constant.doc, "  "));
    }
    out.push_str("};\n\n/** Every event name, in the order of api/src/bridge.rs. */\nexport const EVENT_NAMES = [\n");
    for constant in event::ALL {
        let _ = writeln!(out, "  {},", constant.name);
    }
    out.push_str("] as const;\n");
    out
}

/// Writes each group of declarations under its title. Panics when a declaration refers to a
/// type that none of `groups` declares; `where_to_add` says where it belongs.
fn write_groups(out: &mut String, groups: &[(&str, Vec<Declaration>)], where_to_add: &str) {
    let declared: Vec<&str> = groups.iter().flat_map(|(_, g)| g).map(|d| d.name.as_str()).collect();
    for (title, group) in groups {
        let _ = write!(out, "\n// {title}\n");
        for declaration in group {
            for used in &declaration.uses {
                assert!(declared.contains(&used.as_str()), "{} refers to {used}: {where_to_add}", declaration.name);
            }
            out.push('\n');
            out.push_str(&declaration.text);
        }
    }
}

/// A set of constants as `export const NAME = value;`, each with its doc comment, under the
/// set's doc comment as line comments.
fn constant_list<T: std::fmt::Display>(out: &mut String, doc: &str, set: &[Constant<T>]) {
    out.push('\n');
    for line in doc.lines().map(str::trim) {
        let _ = writeln!(out, "// {}", crate::plain_doc(line));
    }
    for constant in set {
        let _ = write!(out, "\n{}export const {} = {};\n", js_doc(constant.doc, ""), constant.name, constant.value);
    }
}

fn code_set<T: std::fmt::Display>(out: &mut String, name: &str, doc: &str, set: &[Constant<T>]) {
    let _ = write!(out, "\n{}export const {name} = {{\n", js_doc(doc, ""));
    for code in set {
        let _ = writeln!(out, "{}  {}: {},", js_doc(code.doc, "  "), code.name, code.value);
    }
    let type_name = crate::paths::pascal_case(name);
    let _ = write!(
        out,
        "}} as const;\n\n/** One of {{@link {name}}}. */\nexport type {type_name} = (typeof {name})[keyof typeof {name}];\n"
    );
}

/// A doc comment (one line per `///` line) as a JSDoc block indented by `indent`.
fn js_doc(doc: &str, indent: &str) -> String {
    let lines: Vec<&str> = doc.lines().map(str::trim).collect();
    match lines.as_slice() {
        [] => String::new(),
        [line] => format!("{indent}/** {} */\n", crate::plain_doc(line)),
        _ => {
            let body: String = lines
                .iter()
                .map(|l| format!("{indent} * {}\n", crate::plain_doc(l)).replace(" * \n", " *\n"))
                .collect();
            format!("{indent}/**\n{body}{indent} */\n")
        }
    }
}

/// ts-rs writes a type literal on one line, its members' doc comments in between; this puts
/// each member of the outermost literals on its own line, indented, with its doc comment above
/// (inner literals stay on one line).
fn one_member_a_line(decl: &str) -> String {
    const INDENT: &str = "  ";
    let mut out = String::with_capacity(decl.len() + decl.len() / 4);
    let mut depth = 0usize;
    let mut rest = decl;
    while let Some(c) = rest.chars().next() {
        let at_member = depth == 1;
        if at_member && rest.starts_with("/**") {
            // A member's doc comment: its lines re-indented, then the member on the next line.
            let end = rest.find("*/").map_or(rest.len(), |e| e + 2);
            for line in rest[..end].lines().map(str::trim).filter(|l| !l.is_empty()) {
                let line = if line.starts_with('*') { format!(" {line}") } else { line.to_string() };
                out.push_str(&line);
                out.push('\n');
                out.push_str(INDENT);
            }
            rest = rest[end..].trim_start();
            continue;
        }
        match c {
            '"' => {
                // A string literal type is copied as it is.
                let end = rest[1..].find('"').map_or(rest.len(), |e| e + 2);
                out.push_str(&rest[..end]);
                rest = &rest[end..];
                continue;
            }
            '{' => {
                depth += 1;
                out.push('{');
                if depth == 1 {
                    out.push('\n');
                    out.push_str(INDENT);
                    rest = rest[1..].trim_start();
                    continue;
                }
            }
            '}' => {
                if depth == 1 {
                    out.truncate(out.trim_end().len());
                    out.push('\n');
                }
                depth = depth.saturating_sub(1);
                out.push('}');
            }
            ',' if at_member => {
                out.push_str(",\n");
                out.push_str(INDENT);
                rest = rest[1..].trim_start();
                continue;
            }
            _ => out.push(c),
        }
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// `TOP_NOTICE_LIST` → `topNoticeList`.
fn camel_case(name: &str) -> String {
    let pascal = crate::paths::pascal_case(name);
    let mut chars = pascal.chars();
    chars.next().map(|c| c.to_ascii_lowercase().to_string() + chars.as_str()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wire_names_and_numbers_reach_typescript() {
        // Also checks that every type a declaration refers to is declared, once.
        let types = types();
        assert!(types.contains("export type Code = \"00000\" | \"A00001\" | \"A00002\" | \"A00004\" | \"A00005\";"));
        assert!(types.contains("export type CheckUserData = {\n  Exit: number,\n};"), "{types}");
        assert!(types.contains("thirdLoginVO?: ThirdLoginVo"));
        assert!(!types.contains("bigint"));
        assert!(!types.contains("](crate::"), "intra-doc links are made plain");
    }

    #[test]
    fn paths_and_codes_render_as_constants() {
        let paths = paths();
        assert!(paths.contains("export const PROD_INFO = '/prod/prodInfo';"));
        assert!(paths.contains(
            "export const indexImgs = (shopId: number): string =>\n  INDEX_IMGS.replace('{shopId}', encodeURIComponent(String(shopId)));"
        ));
        let codes = codes();
        assert!(codes.contains("export const SEARCH_SORT_CODE = {"));
        assert!(codes.contains("  SHOP_SEARCH: 12,"));
        assert!(codes.contains("export type SocialType = (typeof SOCIAL_TYPE)[keyof typeof SOCIAL_TYPE];"));
        let limits = limits();
        assert!(
            limits.contains(&format!("export const CODE_RESEND_SECONDS = {};", crate::account::CODE_RESEND_SECONDS))
        );
        assert!(limits.contains(&format!("export const PHONE_MAX_DIGITS = {};", crate::account::PHONE_MAX_DIGITS)));
        assert!(limits.contains(&format!("export const IMAGE_MAX_BYTES = {};", crate::users::IMAGE_MAX_BYTES)));
    }

    #[test]
    fn the_bridge_renders_props_events_and_names() {
        let bridge = bridge();
        assert!(bridge.contains("export type ImageUploadProps = {"), "{bridge}");
        assert!(bridge.contains("  maxBytes?: number,"), "{bridge}");
        assert!(bridge.contains("export type UploadKind = \"avatar\" | \"image\";"), "{bridge}");
        assert!(bridge.contains("  'mall:open-login': OpenLoginDetail | undefined;"), "{bridge}");
        assert!(bridge.contains("  'mall:toast': ToastDetail;"), "{bridge}");
        assert!(bridge.contains("  'mall:hydrated': undefined;"), "{bridge}");
        assert!(bridge.contains("  'image-upload': ImageUploadProps;"), "{bridge}");
        assert!(bridge.contains("export const OPEN_CHAT = 'mall:open-chat';"), "{bridge}");
        assert!(!bridge.contains("bigint"));
    }

    #[test]
    fn type_literals_get_one_member_a_line() {
        assert_eq!(
            one_member_a_line("type A = { a: number, \n/**\n * The b.\n */\nb: { c: \"x, }\" }, };"),
            "type A = {\n  a: number,\n  /**\n   * The b.\n   */\n  b: { c: \"x, }\" },\n};"
        );
        assert_eq!(one_member_a_line("type P = number;"), "type P = number;");
    }

    #[test]
    fn names_change_case() {
        assert_eq!(camel_case("TOP_NOTICE_LIST"), "topNoticeList");
        assert_eq!(crate::paths::pascal_case("PAGE_ID"), "PageId");
    }
}
